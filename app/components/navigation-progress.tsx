import { type CSSProperties, useEffect, useState } from "react";
import { useFetchers, useNavigation } from "react-router";

type Phase = "idle" | "loading" | "done";

/*
 * Loading creeps towards 80% (after a short delay, so instant navigations show nothing); done
 * fills the bar and fades it out. Under prefers-reduced-motion, app.css cuts every transition
 * to ~0 ms: the bar then appears and disappears without moving.
 */
const styles: Record<Phase, CSSProperties> = {
  idle: { transform: "scaleX(0)", opacity: 0, transition: "none" },
  loading: {
    transform: "scaleX(0.8)",
    opacity: 1,
    transition: "transform 4s cubic-bezier(0.1, 0.7, 0.3, 1) 150ms, opacity 100ms linear 150ms",
  },
  done: {
    transform: "scaleX(1)",
    opacity: 0,
    transition: "transform 200ms ease-out, opacity 250ms linear 200ms",
  },
};

/** A slim bar at the top of the window while a page loads or a form is sent. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const [phase, setPhase] = useState<Phase>("idle");

  useEffect(() => {
    setPhase((current) => (busy ? "loading" : current === "loading" ? "done" : current));
  }, [busy]);

  useEffect(() => {
    if (phase !== "done") return;
    const timer = setTimeout(() => setPhase("idle"), 500);
    return () => clearTimeout(timer);
  }, [phase]);

  return (
    <>
      <div
        aria-hidden="true"
        data-testid="navigation-progress"
        data-state={phase}
        className="pointer-events-none fixed inset-x-0 top-0 z-50 h-[3px] origin-left bg-primary"
        style={styles[phase]}
      />
      <span className="sr-only" role="status" aria-live="polite">
        {busy ? "Loading…" : ""}
      </span>
    </>
  );
}
