/**
 * The one set of form fields: each carries its label, its error and hint (tied to the control
 * with `aria-invalid` and `aria-describedby`) and the limits of `core/limits/field-limits.ts`, and reads
 * its value and error from the `FieldForm` around it.
 */
export { CheckboxField } from "./fields/checkbox-field.tsx";
export { FieldGroup } from "./fields/field-group.tsx";
export { FileField } from "./fields/file-field.tsx";
export { FieldForm, type FormState } from "./fields/form-state.tsx";
export { PasswordField } from "./fields/password-field.tsx";
export {
  EmailField,
  NameField,
  PriceField,
  SelectField,
  TextAreaField,
  TextField,
} from "./fields/text-fields.tsx";
