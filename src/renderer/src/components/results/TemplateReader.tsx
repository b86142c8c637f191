import { useMemo, useState } from 'react'
import { Button, Flex, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js'
import type { ResourceTemplate } from '@modelcontextprotocol/sdk/types.js'
import { CompletionInput } from '@renderer/components/completion/CompletionInput'

/** A resource template's variables as inputs (RFC 6570, expanded by the SDK), and Read. */
export function TemplateReader({
  serverId,
  template,
  busy,
  onRead,
  actionLabel
}: {
  serverId: string
  template: ResourceTemplate
  busy: boolean
  onRead: (uri: string) => void
  /** the button's text: Read, unless the caller does something else with the URI (attach it) */
  actionLabel?: string
}) {
  const { t } = useTranslation()
  const parsed = useMemo(() => new UriTemplate(template.uriTemplate), [template.uriTemplate])
  const [values, setValues] = useState<Record<string, string>>({})
  const uri = parsed.expand(values)
  return (
    <Flex vertical gap={8} data-testid={`template-${template.name}`}>
      <Typography.Text type="secondary">{template.description}</Typography.Text>
      <Typography.Text code>{template.uriTemplate}</Typography.Text>
      <Typography.Text>{t('resources.fill')}</Typography.Text>
      {parsed.variableNames.map((name) => (
        <Space.Compact key={name} block>
          <Space.Addon>{name}</Space.Addon>
          <CompletionInput
            serverId={serverId}
            completionRef={{ type: 'ref/resource', uri: template.uriTemplate }}
            argument={name}
            filled={() => values}
            aria-label={t('resources.variable', { name })}
            value={values[name] ?? ''}
            onChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
            data-testid={`template-var-${template.name}-${name}`}
          />
        </Space.Compact>
      ))}
      <Flex gap={8} align="center">
        <Button type="primary" loading={busy} onClick={() => onRead(uri)} data-testid={`template-read-${template.name}`}>
          {actionLabel ?? t('resources.read')}
        </Button>
        <Typography.Text code data-testid={`template-uri-${template.name}`}>
          {uri}
        </Typography.Text>
      </Flex>
    </Flex>
  )
}
