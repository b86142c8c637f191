import { Alert, Flex, Form, Input, Select, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ConfigInput } from '@shared/mcp/configImport'

export interface ImportInputsProps {
  inputs: ConfigInput[]
  values: Record<string, string>
  onChange: (id: string, value: string) => void
}

/** The file's `${input:id}` values (VS Code `inputs`), asked for before its servers are added. */
export function ImportInputs({ inputs, values, onChange }: ImportInputsProps) {
  const { t } = useTranslation()
  return (
    <Alert
      type="info"
      data-testid="import-inputs"
      title={t('serverImport.inputs.title')}
      description={
        <Flex vertical gap="small">
          <Typography.Text type="secondary">{t('serverImport.inputs.help')}</Typography.Text>
          <Form layout="vertical" component="div">
            {inputs.map((input) => {
              const label = input.description || input.id
              const common = {
                id: `import-input-${input.id}`,
                value: values[input.id] ?? '',
                'data-testid': `import-input-${input.id}`,
                'aria-label': label
              }
              return (
                <Form.Item
                  key={input.id}
                  label={label}
                  htmlFor={common.id}
                  required
                  extra={t('serverImport.inputs.usedBy', { servers: input.servers.join(', ') })}
                  style={{ marginBottom: 8 }}
                >
                  {input.options ? (
                    <Select {...common} options={input.options.map((value) => ({ value, label: value }))} onChange={(value: string) => onChange(input.id, value)} />
                  ) : input.password ? (
                    <Input.Password {...common} autoComplete="off" onChange={(e) => onChange(input.id, e.target.value)} />
                  ) : (
                    <Input {...common} autoComplete="off" onChange={(e) => onChange(input.id, e.target.value)} />
                  )}
                </Form.Item>
              )
            })}
          </Form>
        </Flex>
      }
    />
  )
}
