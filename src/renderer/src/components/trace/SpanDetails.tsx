import { Alert, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { TRACE_ATTR, type TraceSpan } from '@shared/trace/spans'
import { JsonTree } from '@renderer/components/results/JsonTree'
import { SpanAttributes } from './SpanAttributes'
import { SpanEventList } from './SpanEventList'
import { formatClock, formatMs, jsonValue, spanDuration } from './spanFormat'
import { SpanStatusTag } from './SpanStatusTag'

/** The selected span: its status and timing, its error in red, input and output as JSON trees, attributes and events. */
export function SpanDetails({ span, now }: { span: TraceSpan; now: number }) {
  const { t } = useTranslation()
  const input = span.attributes[TRACE_ATTR.args]
  const output = span.attributes[TRACE_ATTR.result]
  return (
    <Flex vertical gap="middle" data-testid="span-details" data-span-name={span.name}>
      <Flex gap="small" align="center" wrap>
        <Typography.Title level={5} style={{ margin: 0, fontFamily: 'monospace' }}>
          {span.name}
        </Typography.Title>
        <SpanStatusTag status={span.status} />
        <Typography.Text type="secondary">
          {t('trace.detail.started')} {formatClock(span.start)} · {t('trace.detail.duration')} {formatMs(spanDuration(span, now))}
        </Typography.Text>
      </Flex>
      {span.status === 'error' ? <Alert type="error" showIcon title={t('trace.detail.error')} description={span.error} data-testid="span-error" /> : null}
      {input !== undefined ? (
        <section>
          <Typography.Text strong>{t('trace.detail.input')}</Typography.Text>
          <JsonTree data={jsonValue(input)} testId="span-input" />
        </section>
      ) : null}
      {output !== undefined ? (
        <section>
          <Typography.Text strong>{t('trace.detail.output')}</Typography.Text>
          <JsonTree data={jsonValue(output)} testId="span-output" />
        </section>
      ) : null}
      <section>
        <Typography.Text strong>
          {t('trace.detail.events')} ({span.events.length})
        </Typography.Text>
        <SpanEventList span={span} />
      </section>
      <section>
        <Typography.Text strong>{t('trace.detail.attributes')}</Typography.Text>
        <SpanAttributes span={span} />
      </section>
    </Flex>
  )
}
