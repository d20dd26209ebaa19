/**
 * Icons of the pages rendered per request (the portal): lucide's drawings, each one `<svg>`
 * element whose shapes are written once, when this module loads (decision 030). A lucide-react
 * icon costs its render, a React element per shape and lucide's class and attribute merging on
 * every use, and writes nine attributes into the HTML; a portal page has 15–30. Here the svg
 * carries its viewBox and the class `icon`, whose rule in app.css holds lucide's size and
 * stroke (in the base layer, so any utility wins, as over lucide's attributes), and the shapes
 * are lucide's own, read from the drawing each of lucide-react's icon modules exports beside its
 * component (`icons.test.tsx`). The prerendered public pages use lucide-react directly:
 * they cost nothing per request, and their chunks do not carry the portal's icons.
 */

import { __iconData as arrowDownDrawing } from "lucide-react/icons/arrow-down";
import { __iconData as arrowLeftDrawing } from "lucide-react/icons/arrow-left";
import { __iconData as arrowUpDrawing } from "lucide-react/icons/arrow-up";
import { __iconData as bellDrawing } from "lucide-react/icons/bell";
import { __iconData as buildingComplexDrawing } from "lucide-react/icons/building-complex";
import { __iconData as calendarDrawing } from "lucide-react/icons/calendar";
import { __iconData as chartColumnDrawing } from "lucide-react/icons/chart-column";
import { __iconData as checkDrawing } from "lucide-react/icons/check";
import { __iconData as circleDrawing } from "lucide-react/icons/circle";
import { __iconData as circleCheckDrawing } from "lucide-react/icons/circle-check";
import { __iconData as circleDotDrawing } from "lucide-react/icons/circle-dot";
import { __iconData as circleExclamationPointDrawing } from "lucide-react/icons/circle-exclamation-point";
import { __iconData as circlePlayDrawing } from "lucide-react/icons/circle-play";
import { __iconData as downloadDrawing } from "lucide-react/icons/download";
import { __iconData as eyeDrawing } from "lucide-react/icons/eye";
import { __iconData as fileTextDrawing } from "lucide-react/icons/file-text";
import { __iconData as folderKanbanDrawing } from "lucide-react/icons/folder-kanban";
import { __iconData as inboxDrawing } from "lucide-react/icons/inbox";
import { __iconData as keyRoundDrawing } from "lucide-react/icons/key-round";
import { __iconData as laptopDrawing } from "lucide-react/icons/laptop";
import { __iconData as layoutDashboardDrawing } from "lucide-react/icons/layout-dashboard";
import { __iconData as logOutDrawing } from "lucide-react/icons/log-out";
import { __iconData as mailDrawing } from "lucide-react/icons/mail";
import { __iconData as messageSquareExclamationPointDrawing } from "lucide-react/icons/message-square-exclamation-point";
import { __iconData as panelLeftDrawing } from "lucide-react/icons/panel-left";
import { __iconData as pencilDrawing } from "lucide-react/icons/pencil";
import { __iconData as plusDrawing } from "lucide-react/icons/plus";
import { __iconData as receiptDrawing } from "lucide-react/icons/receipt";
import { __iconData as replyDrawing } from "lucide-react/icons/reply";
import { __iconData as rotateCwDrawing } from "lucide-react/icons/rotate-cw";
import { __iconData as searchDrawing } from "lucide-react/icons/search";
import { __iconData as settingsDrawing } from "lucide-react/icons/settings";
import { __iconData as shieldCheckDrawing } from "lucide-react/icons/shield-check";
import { __iconData as shieldExclamationPointDrawing } from "lucide-react/icons/shield-exclamation-point";
import { __iconData as trashDrawing } from "lucide-react/icons/trash";
import { __iconData as uploadDrawing } from "lucide-react/icons/upload";
import { __iconData as userMinusDrawing } from "lucide-react/icons/user-minus";
import { __iconData as userPlusDrawing } from "lucide-react/icons/user-plus";
import { __iconData as usersDrawing } from "lucide-react/icons/users";
import { __iconData as xDrawing } from "lucide-react/icons/x";
import type { LucideIconData } from "lucide-react/types";
import type { ComponentProps } from "react";

/** What an icon takes: an svg's props, without children (its shapes are lucide's). */
export type IconProps = Omit<ComponentProps<"svg">, "children" | "dangerouslySetInnerHTML">;
export type Icon = ((props: IconProps) => React.ReactElement) & { displayName?: string };

const escapeAttribute = (value: unknown) =>
  String(value).replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** Lucide's (a11y) rule: an icon is hidden from assistive technology unless it is labelled. */
function labelled(props: object): boolean {
  for (const [key, value] of Object.entries(props)) {
    if (value != null && (key.startsWith("aria-") || key === "role" || key === "title"))
      return true;
  }
  return false;
}

/**
 * The drawing an icon module of lucide-react exports as `__iconData` (its name, aliases and
 * shapes; the component beside it is made from it; typed in `app/types/lucide-icon-data.d.ts`),
 * checked, as its types are ours: `icons.test.tsx` holds the shapes equal to the component's.
 */
function drawingOf(data: LucideIconData | undefined): LucideIconData & { name: string } {
  if (!data || typeof data.name !== "string" || !Array.isArray(data.node)) {
    throw new Error("lucide-react's icon module no longer exports its drawing as __iconData");
  }
  return { ...data, name: data.name };
}

const pascalCase = (name: string) =>
  name.replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase());

/** An icon's drawing as one element: lucide's svg attributes, class names and shapes. */
export function drawn(drawing: LucideIconData): Icon {
  const { name, aliases = [], node } = drawingOf(drawing);
  const shapes = {
    __html: node
      .map(([tag, attributes]) => {
        const written = Object.entries(attributes)
          .filter(([key]) => key !== "key")
          .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
          .join("");
        return `<${tag}${written}></${tag}>`;
      })
      .join(""),
  };
  const base = ["icon", name, ...aliases.filter((alias) => alias.trim() !== "")]
    .map((part, i) => (i === 0 ? part : `lucide-${part}`))
    .join(" ");
  // biome-ignore lint/correctness/noComponentHookFactories: made once per icon when this module loads (the exports below), never during a render, so React sees one component per icon
  function DrawnIcon({ className, ...props }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        className={className ? `${base} ${className}` : base}
        aria-hidden={labelled(props) ? undefined : "true"}
        {...props}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: lucide's own shapes, built from its constant data at load
        dangerouslySetInnerHTML={shapes}
      />
    );
  }
  DrawnIcon.displayName = pascalCase(name);
  return DrawnIcon;
}

export const ArrowDown = /* @__PURE__ */ drawn(arrowDownDrawing);
export const ArrowLeft = /* @__PURE__ */ drawn(arrowLeftDrawing);
export const ArrowUp = /* @__PURE__ */ drawn(arrowUpDrawing);
export const BarChart3 = /* @__PURE__ */ drawn(chartColumnDrawing);
export const Bell = /* @__PURE__ */ drawn(bellDrawing);
export const Building2 = /* @__PURE__ */ drawn(buildingComplexDrawing);
export const Calendar = /* @__PURE__ */ drawn(calendarDrawing);
export const Check = /* @__PURE__ */ drawn(checkDrawing);
export const CheckCircle2 = /* @__PURE__ */ drawn(circleCheckDrawing);
export const Circle = /* @__PURE__ */ drawn(circleDrawing);
export const CircleAlert = /* @__PURE__ */ drawn(circleExclamationPointDrawing);
export const CircleDot = /* @__PURE__ */ drawn(circleDotDrawing);
export const Download = /* @__PURE__ */ drawn(downloadDrawing);
export const Eye = /* @__PURE__ */ drawn(eyeDrawing);
export const FileText = /* @__PURE__ */ drawn(fileTextDrawing);
export const FolderKanban = /* @__PURE__ */ drawn(folderKanbanDrawing);
export const Inbox = /* @__PURE__ */ drawn(inboxDrawing);
export const KeyRound = /* @__PURE__ */ drawn(keyRoundDrawing);
export const Laptop = /* @__PURE__ */ drawn(laptopDrawing);
export const LayoutDashboard = /* @__PURE__ */ drawn(layoutDashboardDrawing);
export const LogOut = /* @__PURE__ */ drawn(logOutDrawing);
export const Mail = /* @__PURE__ */ drawn(mailDrawing);
export const MessageSquareWarning = /* @__PURE__ */ drawn(messageSquareExclamationPointDrawing);
export const PanelLeft = /* @__PURE__ */ drawn(panelLeftDrawing);
export const Pencil = /* @__PURE__ */ drawn(pencilDrawing);
export const PlayCircle = /* @__PURE__ */ drawn(circlePlayDrawing);
export const Plus = /* @__PURE__ */ drawn(plusDrawing);
export const Receipt = /* @__PURE__ */ drawn(receiptDrawing);
export const Reply = /* @__PURE__ */ drawn(replyDrawing);
export const RotateCw = /* @__PURE__ */ drawn(rotateCwDrawing);
export const Search = /* @__PURE__ */ drawn(searchDrawing);
export const Settings = /* @__PURE__ */ drawn(settingsDrawing);
export const ShieldAlert = /* @__PURE__ */ drawn(shieldExclamationPointDrawing);
export const ShieldCheck = /* @__PURE__ */ drawn(shieldCheckDrawing);
export const Trash2 = /* @__PURE__ */ drawn(trashDrawing);
export const Upload = /* @__PURE__ */ drawn(uploadDrawing);
export const UserMinus = /* @__PURE__ */ drawn(userMinusDrawing);
export const UserPlus = /* @__PURE__ */ drawn(userPlusDrawing);
export const Users = /* @__PURE__ */ drawn(usersDrawing);
export const X = /* @__PURE__ */ drawn(xDrawing);
