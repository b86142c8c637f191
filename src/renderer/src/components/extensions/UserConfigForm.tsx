import { FileOutlined, FolderOpenOutlined } from '@ant-design/icons'
import { Button, Form, Input, InputNumber, Select, Space, Switch, type FormInstance } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { UserConfigField } from '@shared/mcp/extensions'
import { useApi } from '@renderer/context/ApiContext'
import { useAppInfo } from '@renderer/hooks/useAppInfo'
import { defaultText, type FormValue } from './userConfigValues'

/**
 * An extension's settings (its manifest's user_config) as a form: text, numbers inside
 * their min/max, switches, folders and files (with the system's pickers where there are ones),
 * one or several; required ones marked, defaults as hints, sensitive ones masked.
 */
export function UserConfigForm({ form, fields, initialValues }: { form: FormInstance; fields: Record<string, UserConfigField>; initialValues: Record<string, FormValue> }) {
  const { t } = useTranslation()
  return (
    <Form form={form} layout="vertical" initialValues={initialValues} data-testid="user-config-form" requiredMark>
      {Object.entries(fields).map(([key, field]) => {
        const hint = defaultText(field)
        const needed = !!field.required && hint === undefined
        const range = field.type === 'number' ? rangeText(t, field) : undefined
        return (
          <Form.Item
            key={key}
            name={key}
            label={field.title}
            htmlFor={`user-config-${key}`}
            required={needed}
            valuePropName={field.type === 'boolean' ? 'checked' : 'value'}
            extra={[field.description, range, hint !== undefined && !field.sensitive ? t('extensionInstall.config.default', { value: hint }) : undefined].filter(Boolean).join(' · ') || undefined}
            rules={needed ? [{ required: true, message: t('extensionInstall.config.required', { title: field.title }) }] : []}
          >
            <FieldInput id={`user-config-${key}`} testId={`user-config-${key}`} field={field} placeholder={hint} />
          </Form.Item>
        )
      })}
    </Form>
  )
}

function rangeText(t: TFunction, field: UserConfigField): string | undefined {
  if (field.min !== undefined && field.max !== undefined) return t('extensionInstall.config.between', { min: field.min, max: field.max })
  if (field.min !== undefined) return t('extensionInstall.config.atLeast', { min: field.min })
  if (field.max !== undefined) return t('extensionInstall.config.atMost', { max: field.max })
  return undefined
}

interface FieldInputProps {
  id: string
  testId: string
  field: UserConfigField
  placeholder?: string
  value?: FormValue
  checked?: boolean
  onChange?: (value: FormValue) => void
}

/** One field's control; antd's Form.Item hands it value/checked and onChange. */
function FieldInput({ id, testId, field, placeholder, value, checked, onChange }: FieldInputProps) {
  const { t } = useTranslation()
  const common = { id, 'data-testid': testId, 'aria-label': field.title }
  if (field.type === 'boolean') return <Switch {...common} checked={!!checked} onChange={(next) => onChange?.(next)} />
  if (field.type === 'number') {
    return <InputNumber {...common} value={value as number | null | undefined} min={field.min} max={field.max} placeholder={placeholder} onChange={(next) => onChange?.(next)} style={{ width: 200 }} />
  }
  if (field.multiple) {
    const list = Array.isArray(value) ? value : []
    return (
      <Space.Compact style={{ width: '100%' }}>
        <Select
          {...common}
          mode="tags"
          open={false}
          suffixIcon={null}
          value={list}
          placeholder={placeholder ?? t('extensionInstall.config.several')}
          onChange={(next: string[]) => onChange?.(next)}
          style={{ width: '100%' }}
          tokenSeparators={['\n']}
        />
        {isPath(field) && <PickPathButton kind={field.type} onPicked={(path) => onChange?.([...list, path])} />}
      </Space.Compact>
    )
  }
  const text = typeof value === 'string' ? value : ''
  const input = field.sensitive ? (
    <Input.Password {...common} value={text} placeholder={placeholder} autoComplete="off" onChange={(e) => onChange?.(e.target.value)} />
  ) : (
    <Input {...common} value={text} placeholder={placeholder} autoComplete="off" spellCheck={false} onChange={(e) => onChange?.(e.target.value)} />
  )
  if (!isPath(field)) return input
  return (
    <Space.Compact style={{ width: '100%' }}>
      {input}
      <PickPathButton kind={field.type} onPicked={(path) => onChange?.(path)} />
    </Space.Compact>
  )
}

const isPath = (field: UserConfigField): field is UserConfigField & { type: 'directory' | 'file' } => field.type === 'directory' || field.type === 'file'

/** The system's folder or file picker (Electron); browser mode has none: the path is typed. */
function PickPathButton({ kind, onPicked }: { kind: 'directory' | 'file'; onPicked: (path: string) => void }) {
  const { t } = useTranslation()
  const api = useApi()
  const info = useAppInfo()
  const [unavailable, setUnavailable] = useState(false)
  if (info.status !== 'ready' || info.info.mode !== 'electron' || unavailable) return null
  const pick = async () => {
    const ask = kind === 'file' ? api.app.pickFile() : api.app.pickFolder()
    const picked = await ask.catch(() => ({ status: 'unavailable' as const }))
    if (picked.status === 'picked') onPicked(picked.path)
    else if (picked.status === 'unavailable') setUnavailable(true)
  }
  return (
    <Button icon={kind === 'file' ? <FileOutlined /> : <FolderOpenOutlined />} onClick={() => void pick()} data-testid="user-config-browse">
      {t('extensionInstall.config.browse')}
    </Button>
  )
}
