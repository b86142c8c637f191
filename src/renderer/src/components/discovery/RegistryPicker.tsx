import { Button, Flex, Input, Select, Space, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { RegistrySource } from '@shared/discovery/listing'

/** Which registry to search, and a field to add one (a company's own, or the first). */
export function RegistryPicker({
  sources,
  current,
  onPick,
  onAdd,
  onRemove,
  saving
}: {
  sources: RegistrySource[]
  current?: string
  onPick: (url: string) => void
  onAdd: (url: string) => void
  onRemove: (url: string) => void
  saving: boolean
}) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState('')
  const submit = () => {
    if (!draft.trim()) return
    onAdd(draft.trim())
    setDraft('')
  }
  const addField = (
    <Space.Compact style={{ width: sources.length ? 360 : '100%' }}>
      <Input
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onPressEnter={submit}
        placeholder="https://…"
        aria-label={t('discovery.registryAddress')}
        data-testid="discovery-registry-input"
      />
      <Button onClick={submit} disabled={!draft.trim()} loading={saving} data-testid="discovery-registry-save">
        {t('discovery.addRegistry')}
      </Button>
    </Space.Compact>
  )
  if (!sources.length) {
    return (
      <Flex vertical gap={8} data-testid="discovery-no-registry">
        <Typography.Text>{t('discovery.noRegistry')}</Typography.Text>
        {addField}
      </Flex>
    )
  }
  return (
    <Flex gap={8} wrap align="center">
      <Select
        value={current}
        onChange={onPick}
        style={{ minWidth: 320 }}
        aria-label={t('discovery.registry')}
        options={sources.map((s) => ({ value: s.url, label: s.fromEnvironment ? `${s.url} (MCP_REGISTRY_URL)` : s.packaged ? `${s.url} (${t('discovery.packagedRegistry')})` : s.url }))}
        data-testid="discovery-registry"
      />
      {/* one from MCP_REGISTRY_URL is the environment's to change, the build's default the packager's */}
      {current && !sources.some((s) => s.url === current && (s.fromEnvironment || s.packaged)) && (
        <Button onClick={() => onRemove(current)} disabled={saving} data-testid="discovery-registry-remove">
          {t('discovery.removeRegistry')}
        </Button>
      )}
      {addField}
    </Flex>
  )
}
