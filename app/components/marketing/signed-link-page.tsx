import type { ReactNode } from "react";
import { Form } from "react-router";
import { Container, PageHero } from "~/components/marketing/section";

/**
 * The page a signed link in an e-mail opens (delete my details, unsubscribe). Opening it changes
 * nothing (mail scanners open links too): the person confirms with the button, and the page shows
 * the answer, or that the link is not valid.
 */
export function SignedLinkPage({
  title,
  intro,
  email,
  token,
  answer,
  invalidText,
  question,
  button,
}: {
  title: string;
  intro: string;
  /** Whose link it is; null when the link is not valid. */
  email: string | null;
  token: string;
  answer: { success: string } | { error: string } | undefined;
  invalidText: string;
  question: ReactNode;
  button: ReactNode;
}) {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHero title={title} intro={intro} />
      <Container width="narrow" className="space-y-4 py-12">
        {answer && "success" in answer ? (
          <p role="status" className="text-lg">
            {answer.success}
          </p>
        ) : !email || (answer && "error" in answer) ? (
          <p role="alert" className="text-lg">
            {invalidText}
          </p>
        ) : (
          <Form method="post" className="space-y-4">
            <p>{question}</p>
            <input type="hidden" name="token" value={token} />
            {button}
          </Form>
        )}
      </Container>
    </main>
  );
}
