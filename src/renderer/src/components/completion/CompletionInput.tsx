import { AutoComplete, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import type { CompletionRef } from '@shared/mcp/session'
import { useCompletion } from '@renderer/hooks/useCompletion'

export interface CompletionInputProps {
  serverId: string
  completionRef: CompletionRef
  argument: string
  /** the arguments filled in so far (sent as context.arguments; empty ones are left out) */
  filled: () => Record<string, string | undefined>
  value?: string
  onChange?: (value: string) => void
  id?: string
  'aria-label'?: string
  'data-testid'?: string
}

/**
 * A text input that offers the server's suggestions as the user types, as the MCP Inspector does.
 * A server without completions simply suggests nothing; the arrow keys and Enter pick one.
 */
export function CompletionInput({ serverId, completionRef, argument, filled, value, onChange, id, ...rest }: CompletionInputProps) {
  const { t } = useTranslation()
  const { values, error, ask } = useCompletion(serverId, completionRef, argument)
  return (
    <AutoComplete
      value={value}
      options={values.map((v) => ({ value: v, label: v }))}
      // the server already matched them to what was typed
      showSearch={{ filterOption: false }}
      onChange={(text: string) => {
        onChange?.(text)
        ask(text, { ...filled(), [argument]: text })
      }}
      onFocus={() => ask(value ?? '', filled())}
      notFoundContent={error ? t('prompts.suggestionsFailed', { message: error }) : null}
      style={{ width: '100%' }}
    >
      <Input id={id} aria-label={rest['aria-label']} data-testid={rest['data-testid']} />
    </AutoComplete>
  )
}
