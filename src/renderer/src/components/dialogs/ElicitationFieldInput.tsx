import { Alert, Checkbox, Form, Input, InputNumber, Select } from 'antd'
import type { Rule } from 'antd/es/form'
import { useTranslation } from 'react-i18next'
import type { ElicitationField } from './elicitationFields'

/**
 * antd's Form rules for a field. Their messages come from antd's locale (set by ThemeProvider),
 * so "is required", "is not a valid email" and range errors are translated without our own strings.
 */
function rulesFor(field: ElicitationField): Rule[] {
  const rules: Rule[] = []
  // a boolean is always sent (checked or not), so "required" can never fail for it
  if (field.required && field.kind !== 'boolean') rules.push({ required: true })
  if (field.kind === 'text') {
    if (field.format === 'email') rules.push({ type: 'email' })
    if (field.format === 'uri') rules.push({ type: 'url' })
    if (field.minLength !== undefined || field.maxLength !== undefined) {
      rules.push({ type: 'string', min: field.minLength, max: field.maxLength })
    }
  }
  if (field.kind === 'number') {
    rules.push({ type: field.integer ? 'integer' : 'number', min: field.minimum, max: field.maximum })
  }
  if (field.kind === 'multiselect' && (field.minItems !== undefined || field.maxItems !== undefined)) {
    rules.push({ type: 'array', min: field.minItems, max: field.maxItems })
  }
  return rules
}

const textInputType = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' } as const

/** Form.Item hands its child value, onChange, id and status; they are passed on to the real control. */
type Injected = Record<string, unknown>

function Control({ field, ...injected }: { field: ElicitationField } & Injected) {
  const testId = `elicitation-field-${field.name}`
  switch (field.kind) {
    case 'text':
      return <Input {...injected} data-testid={testId} type={field.format ? textInputType[field.format] : 'text'} maxLength={field.maxLength} />
    case 'number':
      return (
        <InputNumber
          {...injected}
          data-testid={testId}
          // no min/max here: antd would silently clamp the typed number; the rule says what is wrong instead
          aria-valuemin={field.minimum}
          aria-valuemax={field.maximum}
          step={field.integer ? 1 : undefined}
          style={{ width: '100%' }}
        />
      )
    case 'boolean':
      return (
        <Checkbox {...injected} data-testid={testId}>
          {field.label}
        </Checkbox>
      )
    case 'select':
    case 'multiselect':
      return (
        <Select
          {...injected}
          data-testid={testId}
          mode={field.kind === 'multiselect' ? 'multiple' : undefined}
          options={field.options}
          allowClear={!field.required}
          showSearch={{ optionFilterProp: 'label' }}
        />
      )
    default:
      return null
  }
}

/** One labelled, validated form control for a field of the requested schema. */
export function ElicitationFieldInput({ field }: { field: ElicitationField }) {
  const { t } = useTranslation()
  if (field.kind === 'unsupported') {
    return <Alert type="warning" showIcon title={t('dialogs.elicitation.unsupportedField', { field: field.label })} />
  }
  return (
    <Form.Item
      name={field.name}
      // a checkbox carries its label itself; the row label would repeat it
      label={field.kind === 'boolean' ? undefined : field.label}
      required={field.required}
      rules={rulesFor(field)}
      extra={field.description}
      valuePropName={field.kind === 'boolean' ? 'checked' : 'value'}
    >
      <Control field={field} />
    </Form.Item>
  )
}
