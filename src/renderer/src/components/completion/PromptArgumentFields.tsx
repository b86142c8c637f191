import { Form, type FormInstance } from 'antd'
import { useTranslation } from 'react-i18next'
import { CompletionInput } from './CompletionInput'

export interface PromptArgumentFieldsProps {
  serverId: string
  prompt: { name: string; arguments?: { name: string; description?: string; required?: boolean }[] }
  form: FormInstance<Record<string, string>>
}

/** A prompt's arguments as form fields (strings), each with the server's suggestions (completion/complete). */
export function PromptArgumentFields({ serverId, prompt, form }: PromptArgumentFieldsProps) {
  const { t } = useTranslation()
  return (prompt.arguments ?? []).map((arg) => (
    <Form.Item
      key={arg.name}
      name={arg.name}
      label={arg.name}
      extra={arg.description}
      rules={arg.required ? [{ required: true, message: t('prompts.argRequired', { name: arg.name }) }] : []}
    >
      <CompletionInput
        serverId={serverId}
        completionRef={{ type: 'ref/prompt', name: prompt.name }}
        argument={arg.name}
        filled={() => form.getFieldsValue()}
        data-testid={`prompt-arg-${prompt.name}-${arg.name}`}
      />
    </Form.Item>
  ))
}

/** The filled values; empty optional fields are left out rather than sent as ''. */
export function filledArguments(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''))
}
