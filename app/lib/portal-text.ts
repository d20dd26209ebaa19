export const NO_PERMISSION = "You don't have permission to access this page.";
