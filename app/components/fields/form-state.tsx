import { createContext, type RefAttributes, useContext } from "react";
import { Form, type FormProps } from "react-router";

/**
 * What a refused form sends back (the shape every page action returns): what was typed, to show
 * it again, and the message for each field that was wrong.
 */
export type FormState = {
  values?: Partial<Record<string, string | undefined>> | undefined;
  fieldErrors?: Partial<Record<string, string | undefined>> | undefined;
};

const FormStateContext = createContext<FormState>({});

/** The state of the form around a field: each field reads its own value and error from it. */
export function useFormState(): FormState {
  return useContext(FormStateContext);
}

/**
 * React Router's `<Form>` that hands `state` (usually the action's answer) to the fields inside,
 * so a field needs only its label and name. Without state the fields start empty and valid.
 */
export function FieldForm({
  state,
  ...form
}: { state?: FormState | null | undefined } & FormProps & RefAttributes<HTMLFormElement>) {
  return (
    <FormStateContext value={state ?? {}}>
      <Form {...form} />
    </FormStateContext>
  );
}
