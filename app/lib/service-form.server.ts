import { data } from "react-router";
import { type ServiceInput, serviceFormSchema } from "../../core/catalogue/services.server.ts";
import { type PreparedImage, readImageUpload } from "../../core/images/images.server.ts";
import { formValues, parseForm } from "./forms.ts";

/**
 * A sent Add or Edit Service form: its fields and its picture, both checked. When either is
 * refused, the answer that shows the form again with every problem beside its field.
 */
export async function readServiceForm(
  form: FormData,
): Promise<
  | { ok: true; input: ServiceInput; upload: PreparedImage | undefined }
  | { ok: false; refusal: ReturnType<typeof serviceFormRefusal> }
> {
  const result = parseForm(serviceFormSchema, form);
  const upload = await readImageUpload(form, "imageFile");
  if (result.ok && upload.ok) return { ok: true, input: result.data, upload: upload.image };
  return {
    ok: false,
    refusal: serviceFormRefusal(result.ok ? formValues(form) : result.values, {
      ...(result.ok ? {} : result.fieldErrors),
      ...(upload.ok ? {} : { imageFile: upload.message }),
    }),
  };
}

function serviceFormRefusal(
  values: Record<string, string>,
  fieldErrors: Partial<Record<string, string>>,
) {
  return data({ values, fieldErrors, flash: null }, { status: 400 });
}
