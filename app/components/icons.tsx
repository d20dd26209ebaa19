/**
 * Icons of the pages rendered per request (the portal): lucide's drawings, each one `<svg>`
 * element whose shapes are written once, when this module loads (decision 030). A lucide-react
 * icon costs its render, a React element per shape and lucide's class and attribute merging on
 * every use, and writes nine attributes into the HTML; a portal page has 15–30. Here the svg
 * carries its viewBox and the class `icon`, whose rule in app.css holds lucide's size and
 * stroke (in the base layer, so any utility wins, as over lucide's attributes), and the shapes
 * are lucide's own (`icons.test.tsx`). The prerendered public pages use lucide-react directly:
 * they cost nothing per request, and their chunks do not carry the portal's icons.
 */
import type { LucideIcon } from "lucide-react";
import * as lucide from "lucide-react";
import type { ComponentProps } from "react";

/** What an icon takes: an svg's props, without children (its shapes are lucide's). */
export type IconProps = Omit<ComponentProps<"svg">, "children" | "dangerouslySetInnerHTML">;
export type Icon = ((props: IconProps) => React.ReactElement) & { displayName?: string };

interface LucideData {
  name: string;
  aliases?: string[];
  node: [string, Record<string, string | number>][];
}

const escapeAttribute = (value: string | number) =>
  String(value).replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** Lucide's (a11y) rule: an icon is hidden from assistive technology unless it is labelled. */
function labelled(props: object): boolean {
  for (const [key, value] of Object.entries(props)) {
    if (value != null && (key.startsWith("aria-") || key === "role" || key === "title"))
      return true;
  }
  return false;
}

/** `icon` as one element: lucide's svg attributes, class names and shapes. */
export function drawn(icon: LucideIcon): Icon {
  // A lucide icon is a forwardRef whose render returns lucide's Icon with the drawing's data.
  const {
    name,
    aliases = [],
    node,
  } = (
    icon as unknown as { render(props: object, ref: null): { props: { icon: LucideData } } }
  ).render({}, null).props.icon;
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
  DrawnIcon.displayName = icon.displayName;
  return DrawnIcon;
}

export const ArrowDown = /* @__PURE__ */ drawn(lucide.ArrowDown);
export const ArrowLeft = /* @__PURE__ */ drawn(lucide.ArrowLeft);
export const ArrowUp = /* @__PURE__ */ drawn(lucide.ArrowUp);
export const BarChart3 = /* @__PURE__ */ drawn(lucide.BarChart3);
export const Bell = /* @__PURE__ */ drawn(lucide.Bell);
export const Building2 = /* @__PURE__ */ drawn(lucide.Building2);
export const Calendar = /* @__PURE__ */ drawn(lucide.Calendar);
export const Check = /* @__PURE__ */ drawn(lucide.Check);
export const CheckCircle2 = /* @__PURE__ */ drawn(lucide.CheckCircle2);
export const Circle = /* @__PURE__ */ drawn(lucide.Circle);
export const CircleAlert = /* @__PURE__ */ drawn(lucide.CircleAlert);
export const CircleDot = /* @__PURE__ */ drawn(lucide.CircleDot);
export const Download = /* @__PURE__ */ drawn(lucide.Download);
export const Eye = /* @__PURE__ */ drawn(lucide.Eye);
export const FileText = /* @__PURE__ */ drawn(lucide.FileText);
export const FolderKanban = /* @__PURE__ */ drawn(lucide.FolderKanban);
export const Inbox = /* @__PURE__ */ drawn(lucide.Inbox);
export const KeyRound = /* @__PURE__ */ drawn(lucide.KeyRound);
export const Laptop = /* @__PURE__ */ drawn(lucide.Laptop);
export const LayoutDashboard = /* @__PURE__ */ drawn(lucide.LayoutDashboard);
export const LogOut = /* @__PURE__ */ drawn(lucide.LogOut);
export const Mail = /* @__PURE__ */ drawn(lucide.Mail);
export const MessageSquareWarning = /* @__PURE__ */ drawn(lucide.MessageSquareWarning);
export const PanelLeft = /* @__PURE__ */ drawn(lucide.PanelLeftIcon);
export const Pencil = /* @__PURE__ */ drawn(lucide.Pencil);
export const PlayCircle = /* @__PURE__ */ drawn(lucide.PlayCircle);
export const Plus = /* @__PURE__ */ drawn(lucide.Plus);
export const Receipt = /* @__PURE__ */ drawn(lucide.Receipt);
export const Reply = /* @__PURE__ */ drawn(lucide.Reply);
export const RotateCw = /* @__PURE__ */ drawn(lucide.RotateCw);
export const Search = /* @__PURE__ */ drawn(lucide.Search);
export const Settings = /* @__PURE__ */ drawn(lucide.Settings);
export const ShieldAlert = /* @__PURE__ */ drawn(lucide.ShieldAlert);
export const ShieldCheck = /* @__PURE__ */ drawn(lucide.ShieldCheck);
export const Trash2 = /* @__PURE__ */ drawn(lucide.Trash2);
export const Upload = /* @__PURE__ */ drawn(lucide.Upload);
export const UserMinus = /* @__PURE__ */ drawn(lucide.UserMinus);
export const UserPlus = /* @__PURE__ */ drawn(lucide.UserPlus);
export const Users = /* @__PURE__ */ drawn(lucide.Users);
export const X = /* @__PURE__ */ drawn(lucide.X);
