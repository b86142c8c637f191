import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons'
import { Button, Flex, Input } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

/** `KEY=value` per line → the same lines with every value hidden. */
export function maskEnv(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const at = line.indexOf('=')
      return at > 0 && line.slice(at + 1).length > 0 ? `${line.slice(0, at + 1)}••••••` : line
    })
    .join('\n')
}

/**
 * Environment variables, one KEY=value per line. Values are hidden (they are often API keys) until
 * the user asks to see them; only then can the text be edited, so a masked value is never saved.
 */
export function EnvField({
  id,
  value,
  onChange,
  status
}: {
  id: string
  value: string
  onChange: (value: string) => void
  status?: 'error'
}) {
  const { t } = useTranslation()
  const [revealed, setRevealed] = useState(value.trim() === '')
  return (
    <Flex vertical gap={4}>
      <Input.TextArea
        id={id}
        value={revealed ? value : maskEnv(value)}
        readOnly={!revealed}
        onChange={(e) => onChange(e.target.value)}
        rows={3}
        placeholder={t('editor.placeholders.env')}
        status={status}
        spellCheck={false}
        style={{ fontFamily: 'monospace' }}
        data-testid="editor-env"
        data-masked={!revealed}
      />
      <div>
        <Button
          size="small"
          type="link"
          icon={revealed ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => setRevealed(!revealed)}
          data-testid="editor-env-reveal"
          style={{ paddingInline: 0 }}
        >
          {revealed ? t('editor.general.hideValues') : t('editor.general.showValues')}
        </Button>
      </div>
    </Flex>
  )
}
