import { forwardRef, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import Form from '@rjsf/antd'
import type RjsfForm from '@rjsf/core'
import {
  TranslatableString,
  englishStringTranslator,
  replaceStringParameters,
  type RJSFSchema,
  type UiSchema
} from '@rjsf/utils'
import { AddItemButton } from './AddItemButton'
import { CspSafeValidator, type ErrorMessages } from './schemaValidator'
import './schemaForm.css'

export type SchemaFormHandle = RjsfForm<Record<string, unknown>, RJSFSchema>

export interface SchemaFormProps {
  schema: RJSFSchema
  formData: Record<string, unknown>
  onChange: (data: Record<string, unknown>) => void
  disabled?: boolean
  /** the id prefix of every field, so two forms on a page never share ids */
  idPrefix: string
}

// the Run button lives outside the form: rjsf's own submit button is not drawn
const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } }
// labels above their fields and left-aligned, lists of objects packed tight (antd's theme
// right-aligns a list's title across the full width and spaces its rows 24 px apart)
const formContext = { labelAlign: 'left', rowGutter: 8 }
const templates = { ButtonTemplates: { AddButton: AddItemButton } }

const enumKeyByValue = new Map<string, string>(
  Object.entries(TranslatableString).map(([key, value]) => [value as string, key])
)

// the keywords we word ourselves; any other one shows the validator's own English text
const KEYWORDS = [
  'required',
  'type',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'multipleOf'
] as const
type Keyword = (typeof KEYWORDS)[number]
const isKeyword = (k: string): k is Keyword => (KEYWORDS as readonly string[]).includes(k)

export function schemaMessages(t: TFunction): ErrorMessages {
  return (keyword, value, fallback) => {
    if (!isKeyword(keyword)) return t('runner.schemaErrors.other', { message: fallback })
    const shown = Array.isArray(value) ? value.join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value)
    return t(`runner.schemaErrors.${keyword}`, { type: shown, value: shown })
  }
}

/**
 * The tool's input schema as an antd form (rjsf): strings, numbers, booleans, enums, arrays,
 * nested objects, required marks and defaults. rjsf's own labels go through our i18n.
 */
export const SchemaForm = forwardRef<SchemaFormHandle, SchemaFormProps>(function SchemaForm(
  { schema, formData, onChange, disabled, idPrefix },
  ref
) {
  const { t, i18n } = useTranslation()
  const validator = useMemo(() => new CspSafeValidator(schemaMessages(t)), [t])
  const translateString = useMemo(
    () => (text: TranslatableString, params?: string[]) => {
      const key = enumKeyByValue.get(text)
      if (!key) return englishStringTranslator(text, params)
      const translated = t(`runner.form.${key as keyof typeof TranslatableString}`)
      return replaceStringParameters(translated, params)
    },
    [t]
  )
  return (
    <div className="mcp-schema-form">
      <Form
        key={i18n.language}
        ref={ref}
        schema={schema}
        uiSchema={uiSchema}
        formContext={formContext}
        templates={templates}
        formData={formData}
        validator={validator}
        translateString={translateString}
        onChange={(event) => onChange((event.formData ?? {}) as Record<string, unknown>)}
        disabled={disabled}
        idPrefix={idPrefix}
        showErrorList={false}
        // errors are shown at their fields; without a handler rjsf would also log them to the console
        onError={() => {}}
        noHtml5Validate
      />
    </div>
  )
})
