import { useFetchers, useNavigation } from "react-router";

/** A slim bar at the top while a page loads or a change is saved. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  return (
    <>
      <div
        aria-hidden="true"
        className={`pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-primary transition-transform duration-500 ${
          busy ? "scale-x-75" : "scale-x-0"
        }`}
      />
      <span className="sr-only" role="status" aria-live="polite">
        {busy ? "Loading…" : ""}
      </span>
    </>
  );
}
