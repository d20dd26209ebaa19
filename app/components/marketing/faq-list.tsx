import { ChevronDown } from "lucide-react";

/** Questions and answers as native disclosure widgets (work without JavaScript). */
export function FaqList({ faqs }: { faqs: { question: string; answer: string }[] }) {
  return (
    <div className="space-y-3">
      {faqs.map((faq) => (
        <details key={faq.question} className="group rounded-lg border bg-card p-4 shadow-sm">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden">
            {faq.question}
            <ChevronDown
              className="size-5 shrink-0 transition-transform group-open:rotate-180"
              aria-hidden
            />
          </summary>
          <p className="mt-3 text-muted-foreground">{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}
