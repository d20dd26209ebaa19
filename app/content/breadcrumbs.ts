import { legalNav, mainNav } from "./navigation";

export interface Crumb {
  label: string;
  /** Path of the page, e.g. "/services/ai". */
  to: string;
}

/** The crumb of a page linked from the main or the legal navigation, named as it is there. */
export function navCrumb(path: string): Crumb {
  const item = [...mainNav, ...legalNav].find((i) => i.to === path);
  if (!item) throw new Error(`No navigation entry for ${path}`);
  return { label: item.label, to: item.to };
}
