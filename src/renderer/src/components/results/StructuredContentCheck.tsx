import { useMemo } from 'react'
import { Tag, Typography } from 'antd'
import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { RJSFSchema } from '@rjsf/utils'
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js'
import { schemaMessages } from '@renderer/components/runner/SchemaForm'
import { CspSafeValidator } from '@renderer/components/runner/schemaValidator'

type Verdict = { valid: true } | { valid: false; text: string }

/** `.a.0.b` (rjsf's property path) → `/a/0/b`, `/` for the whole object. */
const pointer = (property: string | undefined) => (property ? property.replace(/\./g, '/') : '/')

/**
 * The result's structuredContent checked against the tool's outputSchema, as the MCP Inspector
 * does: valid, or invalid with the first error and where it is. Nothing when the tool declares
 * no schema or the call failed.
 */
export function StructuredContentCheck({ result, outputSchema }: { result: CallToolResult; outputSchema?: Tool['outputSchema'] }) {
  const { t } = useTranslation()
  const verdict = useMemo<Verdict | undefined>(() => {
    if (!outputSchema || result.isError) return undefined
    if (result.structuredContent === undefined) return { valid: false, text: t('results.schema.missing') }
    const { errors } = new CspSafeValidator(schemaMessages(t)).validateFormData(result.structuredContent, outputSchema as RJSFSchema)
    const [first] = errors
    if (!first) return { valid: true }
    // a schema the validator cannot read comes back as an error with no keyword
    if (!first.name) return { valid: false, text: t('results.schema.unusable', { message: first.stack }) }
    return { valid: false, text: t('results.schema.invalid', { error: `${pointer(first.property)}: ${first.message}` }) }
  }, [result, outputSchema, t])

  if (!verdict) return null
  return verdict.valid ? (
    <Tag color="success" icon={<CheckCircleOutlined />} data-testid="result-schema" data-valid="true">
      {t('results.schema.valid')}
    </Tag>
  ) : (
    <Typography.Text type="danger" data-testid="result-schema" data-valid="false" role="status">
      <CloseCircleOutlined /> {verdict.text}
    </Typography.Text>
  )
}
