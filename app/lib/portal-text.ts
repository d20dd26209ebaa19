export const NO_PERMISSION = "You don't have permission to access this page.";

/** A `?client=` filter naming no client (Projects, Messages): every client's are shown. */
export const clientFilterError = (what: "projects" | "messages" | "proposals and invoices") =>
  `That client was not found, so every client's ${what} are shown.`;
