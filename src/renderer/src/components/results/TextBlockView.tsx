import { useMemo, useState, type ReactNode } from 'react'
import { Flex, Segmented } from 'antd'
import { useTranslation } from 'react-i18next'
import { JsonTree } from './JsonTree'
import { Markdown } from './Markdown'
import { Preformatted } from './Preformatted'
import { parseJsonText, type TextFormat } from './textFormat'

/**
 * A text block of a result, with a switch to see it another way: JSON text as a tree by default,
 * anything else as Markdown, and always the text exactly as the server sent it. `header` goes on
 * the switch's row, at its start.
 */
export function TextBlockView({ text, header }: { text: string; header?: ReactNode }) {
  const { t } = useTranslation()
  const json = useMemo(() => parseJsonText(text), [text])
  const [format, setFormat] = useState<TextFormat>(json ? 'json' : 'markdown')
  const formats: TextFormat[] = json ? ['json', 'markdown', 'plain'] : ['markdown', 'plain']
  return (
    <Flex vertical gap={4} data-testid="result-text" data-format={format}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        {header ?? <span />}
        <Segmented<TextFormat>
          size="small"
          value={format}
          onChange={setFormat}
          options={formats.map((value) => ({ value, label: t(`results.format.${value}`) }))}
          aria-label={t('results.format.label')}
          data-testid="result-text-format"
        />
      </Flex>
      {format === 'json' && json ? <JsonTree data={json} testId="result-text-json" /> : null}
      {format === 'markdown' ? <Markdown text={text} /> : null}
      {format === 'plain' ? <Preformatted testId="result-text-plain">{text}</Preformatted> : null}
    </Flex>
  )
}
