/**
 * The contact and quote forms' texts. Their actions answer with an `ActionResult` (a validation
 * failure names its `field`, shown beside it; the product shows only the first).
 */
export const LEAD_FORM_TEXT = {
  contact: {
    successTitle: "Message sent successfully!",
    successDescription: () =>
      "We'll get back to you within 24 hours. Please check your email for confirmation.",
    fallback: "Failed to send message. Please try again.",
    noSuccess: "Failed to send message",
  },
  quote: {
    successTitle: "Quote Request Sent!",
    successDescription: (pkg?: string) =>
      `Your request for the ${pkg ?? "selected"} package has been received. Please check your email and phone for confirmation.`,
    fallback: "Failed to send quote request. Please try again.",
    noSuccess: "Failed to send quote request",
  },
} as const;
