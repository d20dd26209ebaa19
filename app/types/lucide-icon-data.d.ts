/**
 * Each of lucide-react's icon modules (`lucide-react/icons/<name>`) exports its drawing as
 * `__iconData` beside the component made from it, but its types (one file, `lucide-icon.d.mts`,
 * for every icon module) declare only the component. Augmenting one icon module augments that
 * file, so every icon module's `__iconData` is typed. `components/icons.tsx` reads it and
 * checks it at load; `icons.test.tsx` holds its shapes equal to the component's.
 */
import type { LucideIconData } from "lucide-react/types";

declare module "lucide-react/icons/x" {
  export const __iconData: LucideIconData;
}
