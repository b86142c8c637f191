import { Collapse, Divider, Flex, Form, Input, InputNumber, Segmented, Select, Switch, Typography } from 'antd'
import { Fragment, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isBuiltinServerName } from '@shared/mcp/builtin'
import { kindTakes, McpServerTypeSchema, SERVER_KIND_FORMS, type LaunchFormField } from '@shared/mcp/server'
import { useKnownRegistries } from '@renderer/hooks/useKnownRegistries'
import { EnvField } from './EnvField'
import { LogoPreview } from './LogoPreview'
import { registriesFor, registryChoiceId } from './registryChoices'
import type { ServerFormErrors, ServerFormField, ServerFormValues } from './serverForm'

export interface GeneralTabProps {
  values: ServerFormValues
  errors: ServerFormErrors
  onChange: (changes: Partial<ServerFormValues>) => void
}

const mono = { fontFamily: 'monospace' }
const CUSTOM = '__custom__'
const DEFAULT = '__default__'

/** The server's configuration: what runs or where it connects, and how the host treats it. */
export function GeneralTab({ values, errors, onChange }: GeneralTabProps) {
  const { t } = useTranslation()
  const inMemory = values.type === 'inMemory'
  // a built-in is found by its name: renaming it would lose it
  const builtin = inMemory && isBuiltinServerName(values.name)

  // each field: label, inline error from the validation, a stable id for the label and the tests
  const item = (field: ServerFormField, control: ReactNode, extra?: ReactNode, required = false) => {
    const error = errors[field]
    return (
      <Form.Item
        label={t(`editor.fields.${field}`)}
        htmlFor={`editor-${field}`}
        required={required}
        validateStatus={error ? 'error' : undefined}
        help={error ? <span data-testid={`editor-error-${field}`}>{t(`editor.errors.${error.key}`, error.values)}</span> : undefined}
        extra={extra}
      >
        {control}
      </Form.Item>
    )
  }
  const text = (field: 'name' | 'displayName' | 'description' | 'command' | 'cwd' | 'baseUrl' | 'provider' | 'providerUrl' | 'logoUrl', placeholder?: string) => (
    <Input
      id={`editor-${field}`}
      data-testid={`editor-${field}`}
      value={values[field]}
      placeholder={placeholder}
      status={errors[field] ? 'error' : undefined}
      onChange={(e) => onChange({ [field]: e.target.value })}
      disabled={field === 'name' && builtin}
      style={field === 'command' || field === 'baseUrl' || field === 'cwd' ? mono : undefined}
      spellCheck={false}
    />
  )
  const lines = (field: 'args' | 'headers' | 'roots', placeholder: string) => (
    <Input.TextArea
      id={`editor-${field}`}
      data-testid={`editor-${field}`}
      value={values[field]}
      placeholder={placeholder}
      status={errors[field] ? 'error' : undefined}
      rows={3}
      onChange={(e) => onChange({ [field]: e.target.value })}
      style={mono}
      spellCheck={false}
    />
  )

  const known = registriesFor(values.command, useKnownRegistries(kindTakes(values.type, 'registryUrl')))
  const preset = known.find((r) => r.url === values.registryUrl)
  const registryChoice = !values.registryUrl ? DEFAULT : preset ? registryChoiceId(preset) : CUSTOM

  // the kind's launch fields come from its entry in serverKinds.ts; this draws each one
  const launchField = (field: LaunchFormField): ReactNode => {
    const required = SERVER_KIND_FORMS[values.type].required === field
    switch (field) {
      case 'command':
        return item('command', text('command', 'npx'), t('editor.help.command'), required)
      case 'args':
        return item('args', lines('args', inMemory ? '' : t('editor.placeholders.args')), t('editor.help.args'), required)
      case 'env':
        return item('env', <EnvField id="editor-env" value={values.env} onChange={(env) => onChange({ env })} status={errors.env ? 'error' : undefined} />, t('editor.help.env'), required)
      case 'cwd':
        return item('cwd', text('cwd'), undefined, required)
      case 'baseUrl':
        return item('baseUrl', text('baseUrl', 'https://example.com/mcp'), undefined, required)
      case 'headers':
        return item('headers', lines('headers', t('editor.placeholders.headers')), t('editor.help.headers'), required)
      case 'registryUrl':
        return item(
          'registryUrl',
          <Flex vertical gap="small">
            <Select
              data-testid="editor-registry"
              aria-label={t('editor.fields.registryUrl')}
              value={registryChoice}
              style={{ maxWidth: 560 }}
              onChange={(choice: string) => {
                if (choice === DEFAULT) onChange({ registryUrl: '' })
                else if (choice !== CUSTOM) onChange({ registryUrl: known.find((r) => registryChoiceId(r) === choice)?.url ?? '' })
                else onChange({ registryUrl: values.registryUrl || 'https://' })
              }}
              options={[
                { value: DEFAULT, label: t('editor.registry.default') },
                ...known.map((r) => ({ value: registryChoiceId(r), label: t('editor.registry.known', { kind: r.kind, url: r.url, source: r.source }) })),
                { value: CUSTOM, label: t('editor.registry.custom') }
              ]}
            />
            {registryChoice === CUSTOM && (
              <Input
                id="editor-registryUrl"
                data-testid="editor-registry-url"
                value={values.registryUrl}
                status={errors.registryUrl ? 'error' : undefined}
                onChange={(e) => onChange({ registryUrl: e.target.value })}
                style={mono}
              />
            )}
          </Flex>,
          t('editor.help.registry')
        )
    }
  }

  return (
    <Form layout="vertical" data-testid="general-tab" style={{ maxWidth: 760 }} onSubmitCapture={(e) => e.preventDefault()}>
      {item('name', text('name'), builtin ? <span data-testid="editor-builtin-hint">{t('catalogue.editorHint')}</span> : undefined, true)}
      {builtin && item('displayName', text('displayName', t('editor.placeholders.displayName')), t('editor.help.displayName'))}
      {item('description', text('description'))}
      {item(
        'type',
        <Segmented<ServerFormValues['type']>
          id="editor-type"
          data-testid="editor-type"
          value={values.type}
          onChange={(type) => onChange({ type })}
          disabled={values.type === 'inMemory'}
          options={McpServerTypeSchema.options
            .filter((type) => SERVER_KIND_FORMS[type].pickable || type === values.type)
            .map((type) => ({ value: type, label: t(`servers.types.${type === 'httpAuto' ? 'auto' : type}`) }))}
        />
      )}

      {SERVER_KIND_FORMS[values.type].fields.map((field) => (
        <Fragment key={field}>{launchField(field)}</Fragment>
      ))}

      <Divider titlePlacement="start" plain>
        <Typography.Text type="secondary">{t('editor.general.behaviour')}</Typography.Text>
      </Divider>
      {item(
        'timeout',
        <InputNumber
          id="editor-timeout"
          data-testid="editor-timeout"
          min={1}
          value={values.timeout}
          placeholder="60"
          suffix={t('editor.general.seconds')}
          onChange={(timeout) => onChange({ timeout: typeof timeout === 'number' ? timeout : null })}
          status={errors.timeout ? 'error' : undefined}
          style={{ width: 200 }}
        />,
        t('editor.help.timeout')
      )}
      {item(
        'longRunning',
        <Switch
          id="editor-longRunning"
          data-testid="editor-long-running"
          checked={values.longRunning}
          onChange={(longRunning) => onChange({ longRunning })}
        />,
        t('editor.help.longRunning')
      )}
      {item(
        'samplingAutoApprove',
        <Switch
          id="editor-samplingAutoApprove"
          data-testid="editor-sampling-auto-approve"
          checked={values.samplingAutoApprove}
          onChange={(samplingAutoApprove) => onChange({ samplingAutoApprove })}
        />,
        t('editor.help.samplingAutoApprove')
      )}
      {item('roots', lines('roots', t('editor.placeholders.roots')), t('editor.help.roots'))}

      <Collapse
        ghost
        items={[
          {
            key: 'advanced',
            label: <span data-testid="editor-advanced">{t('editor.general.advanced')}</span>,
            forceRender: true,
            children: (
              <>
                {item('provider', text('provider'))}
                {item('providerUrl', text('providerUrl', 'https://'))}
                {item('logoUrl', text('logoUrl', 'https://'), <LogoPreview url={values.logoUrl} />)}
                {item(
                  'tags',
                  <Select
                    id="editor-tags"
                    data-testid="editor-tags"
                    mode="tags"
                    value={values.tags}
                    onChange={(tags: string[]) => onChange({ tags })}
                    tokenSeparators={[',']}
                    open={false}
                    suffixIcon={null}
                    placeholder={t('editor.placeholders.tags')}
                  />
                )}
              </>
            )
          }
        ]}
      />
    </Form>
  )
}
