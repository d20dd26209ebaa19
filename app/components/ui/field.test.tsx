import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Checkbox } from "./checkbox";
import { Field } from "./field";
import { Input } from "./input";
import { NativeSelect } from "./native-select";
import { Textarea } from "./textarea";

/** The attributes of the first element with this tag. */
function attrs(html: string, tag: string): Record<string, string> {
  const element = html.match(new RegExp(`<${tag}\\b[^>]*>`))?.[0] ?? "";
  return Object.fromEntries(
    [...element.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1] as string, m[2] as string]),
  );
}

describe("Field", () => {
  it("points its label at the control, generating an id when none is given", () => {
    const html = renderToString(
      <Field label="Name">
        <Input name="name" />
      </Field>,
    );
    const id = attrs(html, "input").id;
    expect(id).toBeTruthy();
    expect(attrs(html, "label").for).toBe(id);
    expect(attrs(html, "input")["aria-invalid"]).toBeUndefined();
    expect(attrs(html, "input")["aria-describedby"]).toBeUndefined();
  });

  it("describes the control with its description, and marks it invalid with the error first", () => {
    const html = renderToString(
      <Field
        id="finish"
        label="Project Finish Date"
        description="Must be after the start date."
        error="Finish date must be after start date"
      >
        <Input name="finishDate" type="date" />
      </Field>,
    );
    const input = attrs(html, "input");
    expect(input.id).toBe("finish");
    expect(input["aria-invalid"]).toBe("true");
    expect(input["aria-describedby"]).toBe("finish-error finish-hint");
    expect(html).toContain('<p id="finish-hint"');
    expect(html).toMatch(/<p id="finish-error"[^>]*>Finish date must be after start date<\/p>/);
  });

  it("keeps ids the control passes itself, and adds the field's", () => {
    const html = renderToString(
      <Field id="code" label="Code" description="Six digits.">
        <Input name="code" aria-describedby="elsewhere" />
      </Field>,
    );
    expect(attrs(html, "input")["aria-describedby"]).toBe("elsewhere code-hint");
  });

  it("wires textareas, native selects and checkboxes the same way", () => {
    for (const control of [
      <Textarea key="t" name="message" />,
      <NativeSelect key="s" name="selectedPackage">
        <option value="">Select a package</option>
      </NativeSelect>,
    ]) {
      const html = renderToString(
        <Field id="f" label="Label" error="Required">
          {control}
        </Field>,
      );
      const tag = control.type === Textarea ? "textarea" : "select";
      expect(attrs(html, tag).id).toBe("f");
      expect(attrs(html, tag)["aria-invalid"]).toBe("true");
      expect(attrs(html, tag)["aria-describedby"]).toBe("f-error");
    }
    const box = renderToString(
      <Field id="others" label="Sign out of all other sessions" layout="checkbox">
        <Checkbox name="signOutOthers" defaultChecked />
      </Field>,
    );
    expect(attrs(box, "input")).toMatchObject({ type: "checkbox", id: "others" });
    expect(box.indexOf("<input")).toBeLessThan(box.indexOf("<label"));
  });

  it("says '(optional)' after an optional field's label", () => {
    const html = renderToString(
      <Field label="Company" optional>
        <Input name="company" />
      </Field>,
    );
    expect(html).toMatch(/Company<span[^>]*> \(optional\)<\/span><\/label>/);
  });

  it("leaves a control outside a Field as it is", () => {
    expect(attrs(renderToString(<Input name="q" />), "input").id).toBeUndefined();
  });
});
