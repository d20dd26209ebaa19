import {
  type ComponentType,
  lazy,
  memo,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useActionData, useFetchers, useLocation, useNavigation } from "react-router";
import { pageHydrated } from "~/lib/hydration-mark";

/**
 * Events that mean a visitor is about to use a part: a pointer over it, a touch, focus, a key.
 * Any of them starts loading the part's code.
 */
const FIRST_USE = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

/**
 * The code of every part on the page now. Once one part has hydrated, the others' code is
 * fetched too (not hydrated): an answer to one form re-renders the page, which first loads every
 * part (below), and a part whose code can no longer arrive (the network has gone) would hold
 * that answer back for good: the form's 'Error' would never show (decision 143).
 */
const partsOnPage = new Set<() => Promise<unknown>>();

/** The server's loads of every part's module (`partsLoaded`). */
const serverLoads: Promise<unknown>[] = [];

/**
 * Resolves once the server has every part's module, so no render suspends on one: the server's
 * entry waits for it before its first render (a prerender starts at once).
 */
export function partsLoaded() {
  return Promise.all(serverLoads);
}

/**
 * A part of a page (a form) whose code is not in the page's first load (decision 113): the
 * server renders it whole, and in the browser React keeps that HTML, which already works
 * without JavaScript (a real form, decision 010), until the part is first used. Then its code
 * loads and React hydrates it in place, keeping what was typed (the controls are uncontrolled,
 * decision 016).
 *
 * - "Used" is a pointer over it, a touch, focus or a key in it; or `now`. Rendered after the
 *   page has hydrated (a client navigation, a tab shown), there is no HTML to keep: it loads
 *   at once.
 * - A form sent before its code has arrived is held (the submit is cancelled) and sent again,
 *   with the same button, once React has hydrated it, so it is answered as a hydrated form's
 *   would be; if the code cannot load, it is sent as a plain form.
 * - React cannot pass a change from above into HTML it has not hydrated: a navigation, a
 *   fetcher or an action's answer first loads the part, and that update (a transition) waits
 *   for it rather than show the part empty. The router's own update after hydration (the
 *   routes it discovers for the page's links) changes nothing the part shows: it waits, and
 *   commits with the next one.
 *
 * Props given before the part has hydrated are its first ones; later ones reach it once it has.
 */
export function hydrateOnUse<P extends object>(load: () => Promise<ComponentType<P>>) {
  let use = () => {};
  const used = new Promise<void>((resolve) => {
    use = resolve;
  });
  let hydrated = () => {};
  let failed = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    hydrated = resolve;
    failed = reject;
  });
  ready.catch(() => {});
  let isHydrated = false;
  // On the server the part renders at once, never suspending: a suspended part would be sent
  // after the page with a script that moves it into place, and without JavaScript it would
  // stay hidden. Its module is loaded when this one is (`partsLoaded`).
  let OnServer: ComponentType<P> | undefined;
  if (typeof document === "undefined") {
    serverLoads.push(
      load().then((Component) => {
        OnServer = Component;
      }),
    );
  }
  const Part = lazy(async () => {
    if (typeof document !== "undefined") await used;
    let Component: ComponentType<P>;
    try {
      Component = await load();
    } catch (error) {
      // The code could not load: the server's HTML stays, a plain form, and held submits go.
      failed();
      console.error(error);
      return new Promise<never>(() => {});
    }
    // biome-ignore lint/correctness/noComponentHookFactories: made once per part, when its code arrives
    function Hydrated(props: P) {
      useEffect(() => {
        isHydrated = true;
        hydrated();
        for (const other of partsOnPage) other().catch(() => {});
      }, []);
      return <Component {...props} />;
    }
    return { default: Hydrated };
  });

  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level
  function OnUse({ now = false, ...props }: P & { now?: boolean }) {
    const box = useRef<HTMLDivElement>(null);
    // Until the part has hydrated, the Suspense element never changes, so React leaves the
    // server's HTML alone; from then on it follows the props like any component.
    // biome-ignore lint/correctness/useExhaustiveDependencies: the first props, kept
    const asRendered = useMemo(
      () => (
        <Suspense fallback={null}>
          {OnServer ? <OnServer {...(props as P)} /> : <Part {...(props as P)} />}
        </Suspense>
      ),
      [],
    );
    const [live, setLive] = useState(isHydrated);
    useEffect(() => {
      if (!live)
        ready.then(
          () => setLive(true),
          () => {},
        );
    }, [live]);
    const part = live ? (
      <Suspense fallback={null}>
        <Part {...(props as P)} />
      </Suspense>
    ) : (
      asRendered
    );
    // What a visitor's action changes in the router: a navigation, a fetcher, an answer.
    const router = [
      useLocation().key,
      useNavigation().state,
      useFetchers()
        .map((f) => f.state)
        .join(),
    ].join(" ");
    const answer = useActionData();
    const atFirst = useRef({ router, answer });
    if (
      now ||
      pageHydrated() ||
      atFirst.current.router !== router ||
      atFirst.current.answer !== answer
    ) {
      use();
    }

    useEffect(() => {
      partsOnPage.add(load);
      return () => {
        partsOnPage.delete(load);
      };
    }, []);

    useEffect(() => {
      const element = box.current;
      if (!element || isHydrated) return;
      // Focus or a pointer may have reached it before this ran.
      if (element.contains(document.activeElement) || element.matches(":hover")) use();
      // The listeners sit on the window, in the capture phase: React's own listener on the
      // document stops a focus, key, touch or submit aimed inside a part it has not hydrated
      // yet, so a listener on the part itself would never hear them.
      const inPart = (event: Event) =>
        event.target instanceof Node && element.contains(event.target);
      const onUse = (event: Event) => {
        if (inPart(event)) use();
      };
      const onSubmit = (event: SubmitEvent) => {
        if (isHydrated || !inPart(event)) return;
        event.preventDefault();
        const form = event.target as HTMLFormElement;
        const submitter = event.submitter;
        use();
        ready.then(
          () => form.requestSubmit(submitter),
          () => {
            window.removeEventListener("submit", onSubmit, true);
            form.requestSubmit(submitter);
          },
        );
      };
      for (const type of FIRST_USE)
        window.addEventListener(type, onUse, { capture: true, passive: true });
      window.addEventListener("submit", onSubmit, true);
      return () => {
        for (const type of FIRST_USE) window.removeEventListener(type, onUse, true);
        window.removeEventListener("submit", onSubmit, true);
      };
    }, []);

    return (
      <div ref={box} className="contents">
        {part}
      </div>
    );
  }
  return memo(OnUse);
}
