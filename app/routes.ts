import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/marketing/layout.tsx", [
    index("routes/marketing/home.tsx"),
    route("services", "routes/marketing/services.tsx"),
    route("services/:service", "routes/marketing/service-detail.tsx"),
    route("solutions", "routes/marketing/solutions.tsx"),
    route("pricing", "routes/marketing/pricing.tsx"),
    route("case-studies", "routes/marketing/case-studies.tsx"),
    route("case-studies/:slug", "routes/marketing/case-study.tsx"),
    route("demo", "routes/marketing/demo.tsx"),
    route("about", "routes/marketing/about.tsx"),
    route("contact", "routes/marketing/contact.tsx"),
    ...prefix("legal", [route(":doc", "routes/marketing/legal.tsx")]),
    route("*", "routes/not-found.tsx"),
  ]),
  route("auth", "routes/auth/auth.tsx"),
  route("sign-out", "routes/auth/sign-out.ts"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("api/events", "routes/api/events.ts"),
  route("functions/v1/send-contact-email", "routes/api/send-contact-email.ts"),
  route("portal", "routes/portal/layout.tsx", [
    index("routes/portal/dashboard.tsx"),
    route("projects", "routes/portal/projects.tsx"),
    route("messages", "routes/portal/messages.tsx"),
    route("reports", "routes/portal/reports.tsx"),
    route("analytics", "routes/portal/analytics.tsx"),
    route("team", "routes/portal/team.tsx"),
    route("leads", "routes/portal/leads.tsx"),
    route("leads/:id", "routes/portal/lead.tsx"),
    route("settings", "routes/portal/settings.tsx"),
  ]),
] satisfies RouteConfig;
