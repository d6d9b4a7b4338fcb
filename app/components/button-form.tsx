import type { ComponentProps } from "react";
import { Form } from "react-router";
import { SubmitButton } from "./submit-button.tsx";

/**
 * A form that is one button: pressing it posts `fields` (hidden) to the page's action, such as
 * `{ intent: "publish", serviceId }`. Works without JavaScript; with it, the button says what
 * happens while it works.
 */
export function ButtonForm({
  fields,
  formClassName,
  children,
  ...button
}: {
  fields: Record<string, string>;
  formClassName?: string;
} & ComponentProps<typeof SubmitButton>) {
  return (
    <Form method="post" className={formClassName}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton {...button}>{children}</SubmitButton>
    </Form>
  );
}
