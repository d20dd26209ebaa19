/**
 * Flat illustrations for the service and industry cards, drawn like the case-study pictures
 * (public/images/case-studies): pale ground, white shapes with indigo outlines, amber and green
 * highlights. Drawn with the theme's colours, so they follow the light and dark palettes.
 * Decorative (the card's heading says what it is). Pages render them in their loaders
 * (renderStatic), so they cost no JavaScript.
 */
import type * as React from "react";
import type { ServiceSlug } from "~/content/services";

const obj = "fill-card stroke-primary";
const soft = "fill-primary/25";
const ink = "fill-primary";
const amber = "fill-amber-400";
const green = "fill-emerald-500";
const line = "fill-none stroke-primary";

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <svg
      viewBox="0 0 320 150"
      aria-hidden="true"
      focusable="false"
      strokeWidth={3}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="block h-auto w-full"
    >
      <rect width="320" height="150" className="fill-accent" />
      <circle cx="286" cy="18" r="72" className="fill-amber-400/20 dark:fill-amber-400/10" />
      <rect y="128" width="320" height="22" className="fill-primary/10" />
      {children}
    </svg>
  );
}

function Tick({ x, y }: { x: number; y: number }) {
  return (
    <g>
      <circle cx={x} cy={y} r="12" className={green} />
      <path d={`M${x - 5} ${y} l3.5 3.5 l6.5 -7`} className="fill-none stroke-white" />
    </g>
  );
}

function Sparkle({ x, y }: { x: number; y: number }) {
  return (
    <path
      d={`M${x} ${y - 12} l4 8 l8 4 l-8 4 l-4 8 l-4 -8 l-8 -4 l8 -4z`}
      className={amber}
      strokeWidth={0}
    />
  );
}

const serviceArt: Record<ServiceSlug, () => React.ReactElement> = {
  ai: () => (
    <Frame>
      <rect x="66" y="20" width="188" height="106" rx="12" className={obj} />
      <circle cx="88" cy="40" r="10" className={ink} />
      <rect x="104" y="35" width="60" height="10" rx="5" className={soft} />
      <rect x="80" y="60" width="104" height="18" rx="9" className={soft} />
      <rect x="136" y="84" width="104" height="18" rx="9" className={ink} />
      <circle cx="92" cy="113" r="3.5" className={soft} />
      <circle cx="104" cy="113" r="3.5" className={soft} />
      <circle cx="116" cy="113" r="3.5" className={soft} />
      <Sparkle x={272} y={40} />
      <Tick x={254} y={122} />
    </Frame>
  ),
  automations: () => (
    <Frame>
      <rect x="28" y="50" width="60" height="48" rx="8" className={obj} />
      <rect x="40" y="62" width="36" height="6" rx="3" className={soft} />
      <rect x="40" y="74" width="26" height="6" rx="3" className={soft} />
      <rect x="128" y="38" width="64" height="72" rx="14" className={ink} />
      <circle cx="160" cy="74" r="16" className="fill-card" strokeWidth={0} />
      <circle cx="160" cy="74" r="6" className={amber} />
      <rect x="232" y="50" width="60" height="48" rx="8" className={obj} />
      <Tick x={262} y={74} />
      <path d="M94 74 H120" className={line} strokeDasharray="5 6" />
      <path d="M114 67 l7 7 l-7 7" className={line} />
      <path d="M198 74 H224" className={line} strokeDasharray="5 6" />
      <path d="M218 67 l7 7 l-7 7" className={line} />
      <rect x="48" y="22" width="22" height="16" rx="3" className={amber} />
    </Frame>
  ),
  "voice-agents": () => (
    <Frame>
      <rect x="54" y="16" width="72" height="112" rx="14" className={obj} />
      <rect x="76" y="26" width="28" height="6" rx="3" className={soft} />
      <circle cx="90" cy="96" r="15" className={green} />
      <path
        d="M84 90 c0 8 4 12 12 12 l2 -4 l-4 -3 l-2 2 c-2 -1 -4 -3 -5 -5 l2 -2 l-3 -4z"
        className="fill-white"
        strokeWidth={0}
      />
      {[28, 52, 76, 44, 64, 34, 20].map((h, i) => (
        <rect
          key={h}
          x={150 + i * 18}
          y={72 - h / 2}
          width="10"
          height={h}
          rx="5"
          className={i === 2 ? amber : ink}
        />
      ))}
      <Sparkle x={276} y={30} />
    </Frame>
  ),
  websites: () => (
    <Frame>
      <rect x="36" y="18" width="248" height="110" rx="10" className={obj} />
      <path d="M36 38 H284" className={line} />
      <circle cx="50" cy="28" r="3.5" className={amber} />
      <circle cx="62" cy="28" r="3.5" className={soft} />
      <circle cx="74" cy="28" r="3.5" className={green} />
      <rect x="54" y="52" width="104" height="12" rx="6" className={ink} />
      <rect x="54" y="70" width="84" height="8" rx="4" className={soft} />
      <rect x="54" y="84" width="64" height="8" rx="4" className={soft} />
      <rect x="54" y="100" width="48" height="16" rx="8" className={amber} />
      <rect x="186" y="92" width="14" height="24" rx="3" className={soft} />
      <rect x="208" y="80" width="14" height="36" rx="3" className={soft} />
      <rect x="230" y="66" width="14" height="50" rx="3" className={ink} />
      <rect x="252" y="52" width="14" height="64" rx="3" className={amber} />
    </Frame>
  ),
};

const industryArt: Record<string, () => React.ReactElement> = {
  "retail-ecommerce": () => (
    <Frame>
      <rect x="40" y="52" width="112" height="76" rx="6" className={obj} />
      <path d="M32 52 H160 L148 26 H44 Z" className={ink} strokeWidth={0} />
      {[40, 76, 112].map((x) => (
        <path key={x} d={`M${x} 52 h18 v8 a9 9 0 0 1 -18 0z`} className={amber} strokeWidth={0} />
      ))}
      <rect x="54" y="74" width="36" height="26" rx="3" className={soft} />
      <rect x="106" y="82" width="30" height="46" rx="3" className={soft} />
      <path d="M186 50 h14 l10 46 h52 l10 -34 h-66" className={line} />
      <rect x="220" y="58" width="18" height="18" rx="2" className={amber} />
      <rect x="242" y="50" width="16" height="26" rx="2" className={soft} />
      <circle cx="218" cy="110" r="7" className={ink} />
      <circle cx="256" cy="110" r="7" className={ink} />
      <Tick x={282} y={40} />
    </Frame>
  ),
  "financial-services": () => (
    <Frame>
      <path d="M44 54 L108 24 L172 54 Z" className={ink} />
      {[58, 86, 114, 142].map((x) => (
        <rect key={x} x={x} y="62" width="16" height="52" rx="3" className={obj} />
      ))}
      <rect x="44" y="116" width="128" height="12" rx="3" className={ink} strokeWidth={0} />
      <path
        d="M238 26 l36 12 v26 c0 26 -18 40 -36 48 c-18 -8 -36 -22 -36 -48 v-26z"
        className={obj}
      />
      <path d="M223 68 l10 10 l22 -24" className="fill-none stroke-emerald-500" strokeWidth={6} />
      <ellipse cx="200" cy="122" rx="16" ry="6" className={amber} />
      <ellipse cx="200" cy="114" rx="16" ry="6" className={amber} />
    </Frame>
  ),
  healthcare: () => (
    <Frame>
      <rect x="44" y="22" width="136" height="104" rx="10" className={obj} />
      <path d="M44 44 H180" className={line} />
      <circle cx="70" cy="22" r="4" className={ink} />
      <circle cx="154" cy="22" r="4" className={ink} />
      {[0, 1, 2].flatMap((row) =>
        [0, 1, 2, 3].map((col) => (
          <rect
            key={`${row}-${col}`}
            x={58 + col * 30}
            y={54 + row * 22}
            width="20"
            height="14"
            rx="3"
            className={row === 1 && col === 2 ? amber : soft}
          />
        )),
      )}
      <rect x="212" y="30" width="64" height="96" rx="12" className={obj} />
      <rect x="220" y="48" width="48" height="22" rx="7" className={ink} strokeWidth={0} />
      <Tick x={244} y={98} />
      <path
        d="M288 30 c-4 -8 -16 -6 -16 3 c0 8 16 16 16 16 s16 -8 16 -16 c0 -9 -12 -11 -16 -3z"
        className={amber}
        strokeWidth={0}
      />
    </Frame>
  ),
  education: () => (
    <Frame>
      <path d="M122 78 v22 c0 14 76 14 76 0 v-22" className={obj} />
      <path d="M160 24 L244 54 L160 84 L76 54 Z" className={ink} />
      <path d="M236 58 v34" className="fill-none stroke-amber-400" strokeWidth={4} />
      <circle cx="236" cy="96" r="6" className={amber} />
      <path
        d="M70 118 c22 -10 44 -10 66 0 c22 -10 44 -10 66 0 v10 c-22 -8 -44 -8 -66 0 c-22 -8 -44 -8 -66 0z"
        className={soft}
        strokeWidth={0}
      />
      <Sparkle x={60} y={34} />
      <Tick x={276} y={36} />
    </Frame>
  ),
  "professional-services": () => (
    <Frame>
      <rect x="56" y="16" width="100" height="112" rx="8" className={obj} />
      <rect x="70" y="32" width="60" height="8" rx="4" className={ink} strokeWidth={0} />
      <rect x="70" y="48" width="72" height="6" rx="3" className={soft} />
      <rect x="70" y="60" width="64" height="6" rx="3" className={soft} />
      <rect x="70" y="72" width="70" height="6" rx="3" className={soft} />
      <path d="M72 106 c8 -14 16 6 24 -4 s12 6 22 -2" className="fill-none stroke-amber-400" />
      <path d="M214 58 v-10 a6 6 0 0 1 6 -6 h28 a6 6 0 0 1 6 6 v10" className={line} />
      <rect x="186" y="58" width="96" height="66" rx="10" className={ink} />
      <rect x="226" y="84" width="16" height="12" rx="2" className={amber} strokeWidth={0} />
      <Tick x={172} y={28} />
    </Frame>
  ),
  "real-estate": () => (
    <Frame>
      <rect x="62" y="72" width="96" height="56" rx="3" className={obj} />
      <path d="M46 78 L110 28 L174 78 Z" className={ink} />
      <rect x="98" y="96" width="24" height="32" rx="2" className={amber} strokeWidth={0} />
      <rect x="72" y="86" width="18" height="18" rx="2" className={soft} />
      <rect x="130" y="86" width="18" height="18" rx="2" className={soft} />
      <path
        d="M240 20 c-19 0 -32 14 -32 30 c0 22 32 52 32 52 s32 -30 32 -52 c0 -16 -13 -30 -32 -30z"
        className={ink}
      />
      <circle cx="240" cy="50" r="11" className="fill-card" strokeWidth={0} />
      <circle cx="214" cy="118" r="7" className="fill-none stroke-amber-400" strokeWidth={4} />
      <path
        d="M221 118 H262 M252 118 v6 M260 118 v6"
        className="fill-none stroke-amber-400"
        strokeWidth={4}
      />
    </Frame>
  ),
};

export function ServiceArt({ slug }: { slug: ServiceSlug }) {
  const Art = serviceArt[slug];
  return <Art />;
}

export function IndustryArt({ slug }: { slug: string }) {
  const Art = industryArt[slug];
  return Art ? <Art /> : null;
}
