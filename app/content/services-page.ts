/** Copy for the services overview and the service detail pages (the services themselves are in services.ts). */
export const servicesPage = {
  title: "Our Services",
  intro:
    "Four services that work on their own or together: AI that talks to your customers, automation that moves your data, voice agents that answer every call, and websites that win business.",
  gridTitle: "What We Offer",
  howTitle: "How Every Project Works",
  /** `time`: how long the step takes, as the rest of the content states it (see each comment). */
  how: [
    {
      title: "Free consultation",
      text: "A 30-minute call to understand your goals, your systems and where time is lost today.",
      // The text above; the contact page's 'Schedule a Demo' block.
      time: "30 minutes",
    },
    {
      title: "Clear proposal",
      text: "A fixed-scope quote in rand with timelines and the results we expect to measure.",
      // pricingPage.quoteIntro: "we'll send a detailed quote within one business day".
      time: "Within one business day",
    },
    {
      title: "Build and launch",
      text: "Working software in weeks, tested with your real data and your team before go-live.",
      // "Focused first releases go live in two to six weeks" (the home page's reasons).
      time: "2 to 6 weeks",
    },
    {
      title: "Support and improve",
      text: "Monthly reviews, local support and improvements as your business grows.",
      time: "Every month",
    },
  ],
  ctaTitle: "Not Sure Where to Start?",
  ctaText:
    "Tell us about the tasks that take up your team's day. We'll recommend the service that will make the biggest difference first.",
  detailOutcomesTitle: "What You Get",
  detailFeaturesTitle: "What's Included",
  detailProcessTitle: "How We Work",
  detailFaqTitle: "Frequently Asked Questions",
};
