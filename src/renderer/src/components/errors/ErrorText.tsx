import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { AppError } from './describeError'

/**
 * An error as the user reads it: the sentence for its code in the UI language, and main's English
 * detail beneath it (what exactly happened, to search for or to report). Without a known code,
 * the detail alone.
 */
export function ErrorText({ error, testId }: { error: AppError; testId?: string }) {
  const { t } = useTranslation()
  return (
    <span data-testid={testId} data-code={error.code} style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {error.code ? <span data-testid="error-sentence">{t(`errors.${error.code}`)}</span> : null}
      <Typography.Text type="secondary" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="error-detail">
        {error.message}
      </Typography.Text>
    </span>
  )
}
