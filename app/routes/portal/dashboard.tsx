import { useRouteLoaderData } from "react-router";

export default function Dashboard() {
  const data = useRouteLoaderData("routes/portal/layout") as
    | { user: { name: string; email: string } }
    | undefined;
  return (
    <main id="main" className="p-6">
      <h1 className="text-2xl font-bold">
        Welcome back, {data?.user.name || data?.user.email.split("@")[0]}!
      </h1>
    </main>
  );
}
