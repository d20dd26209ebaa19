/**
 * A dialog asked for by its address (decision 142): `?dialog=new-project`, with `&item=<id>`
 * for a dialog about one row ('Edit', 'Delete'). A trigger pressed before the page's scripts
 * run (or without JavaScript) is a GET form to this address; the page then renders the
 * dialog's form in place. Shared by the page (which reads it) and the action (which, once the
 * form succeeds, sends the person back to the page without it).
 */
export const DIALOG_PARAM = "dialog";
export const DIALOG_ITEM_PARAM = "item";

/** The id the dialog's section has: the trigger's address ends in it, so the page scrolls there. */
export const DIALOG_ANCHOR = "dialog";

/** The dialog the address asks for, or null. */
export function requestedDialog(
  search: URLSearchParams,
): { name: string; item: string | null } | null {
  const name = search.get(DIALOG_PARAM);
  if (!name) return null;
  return { name, item: search.get(DIALOG_ITEM_PARAM) };
}

/** The same page without the dialog: its path and the rest of its search (filters, cursor). */
export function withoutDialog(pathname: string, search: URLSearchParams): string {
  const rest = new URLSearchParams(search);
  rest.delete(DIALOG_PARAM);
  rest.delete(DIALOG_ITEM_PARAM);
  rest.delete("index");
  const query = rest.toString();
  return query ? `${pathname}?${query}` : pathname;
}
