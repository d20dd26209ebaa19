import { useEffect } from "react";
import { Link, useLocation } from "react-router";

export function NotFound() {
  const location = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex min-h-[60vh] outline-none flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-5xl font-bold">404</h1>
      <p className="text-xl text-muted-foreground">Oops! Page not found</p>
      <Link to="/" className="text-primary underline underline-offset-4 hover:no-underline">
        Return to Home
      </Link>
    </main>
  );
}
