import type * as React from "react";
import { Link } from "react-router";
import { Logo } from "~/components/marketing/logo";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { LazyToaster } from "~/components/ui/lazy-toaster";
import { site } from "~/content/site";

/** The frame of the sign-in pages: brand, one card, a way back to the website. */
export function AuthShell({
  title,
  description,
  children,
}: {
  title: string;
  description: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <main
      id="main"
      className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-gradient-to-br from-accent to-background p-4"
    >
      <Link to="/" className="flex items-center gap-2 font-bold">
        <Logo />
        <span className="text-lg">{site.name}</span>
      </Link>
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle as="h1" size="2xl">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
      <Link to="/" className="text-sm text-muted-foreground hover:text-foreground">
        ← Back to website
      </Link>
      <LazyToaster />
    </main>
  );
}
