import { Alert, App, Button, Flex, Modal, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { applyConfigInputs } from '@shared/mcp/configImport'
import { useServers } from '@renderer/hooks/useServers'
import { useAddServersMutation } from '@renderer/store/mainApi'
import { describeError, type AppError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'
import { ImportInputs } from '@renderer/components/servers/ImportInputs'
import { planImport, type ImportPlanItem } from '@renderer/components/servers/importPlan'
import { LinkRefused } from './LinkRefused'
import { LinkServers } from './LinkServers'
import { readInstallLink } from './readInstallLink'

/**
 * An install link: every server it proposes with its full command or URL, a tick box
 * each, none ticked. Only the ticked ones are added, switched off; a link starts nothing, each
 * server's command is approved when the user first switches it on. A bad link is refused whole.
 */
export function InstallLinkDialog({ link, onClose }: { link: string; onClose: () => void }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const existing = useServers()
  const [addServers] = useAddServersMutation()
  const result = useMemo(() => readInstallLink(link), [link])
  // names and ids as they will be added; planned once, so the list changing meanwhile moves nothing
  const [plan] = useState<ImportPlanItem[]>(() => (result.ok ? planImport(result.parsed.servers, existing, 'rename') : []))
  const [selected, setSelected] = useState<string[]>([])
  const [typed, setTyped] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  const [saveError, setSaveError] = useState<AppError>()

  const chosen = plan.filter((item) => selected.includes(item.server.id))
  const chosenNames = new Set(chosen.map((item) => item.sourceName))
  const inputs = result.ok ? result.parsed.inputs.filter((input) => input.servers.some((name) => chosenNames.has(name))) : []
  const inputValues = Object.fromEntries(inputs.map((input) => [input.id, typed[input.id] ?? input.default ?? '']))
  const missing = inputs.some((input) => !inputValues[input.id].trim())

  const submit = async () => {
    if (chosen.length === 0 || missing || saving) return
    setSaving(true)
    setSaveError(undefined)
    try {
      const added = await addServers(applyConfigInputs(chosen.map((item) => item.server), inputValues)).unwrap()
      void message.success(t('installLink.added', { count: added.length }))
      onClose()
    } catch (error) {
      setSaveError(describeError(error))
    } finally {
      setSaving(false)
    }
  }

  const footer = result.ok
    ? [
        <Button key="cancel" onClick={onClose} data-testid="install-link-cancel">
          {t('installLink.cancel')}
        </Button>,
        <Button
          key="submit"
          type="primary"
          disabled={chosen.length === 0 || missing}
          loading={saving}
          onClick={() => void submit()}
          data-testid="install-link-submit"
        >
          {chosen.length === 0 ? t('installLink.submitNone') : t('installLink.submit', { count: chosen.length })}
        </Button>
      ]
    : [
        <Button key="close" type="primary" onClick={onClose} data-testid="install-link-close" autoFocus>
          {t('installLink.close')}
        </Button>
      ]

  return (
    <Modal open onCancel={onClose} width={860} title={t('installLink.title')} footer={footer} destroyOnHidden>
      <Flex vertical gap="middle" data-testid="install-link-dialog">
        {result.ok ? (
          <>
            <Typography.Text type="secondary">{t('installLink.help')}</Typography.Text>
            <Alert type="warning" showIcon title={t('serverImport.trustWarning')} />
            <LinkServers plan={plan} selected={selected} onSelect={setSelected} />
            {inputs.length > 0 && <ImportInputs inputs={inputs} values={inputValues} onChange={(id, value) => setTyped((prev) => ({ ...prev, [id]: value }))} />}
            {saveError && <Alert type="error" showIcon data-testid="install-link-save-error" title={t('serverImport.saveFailed')} description={<ErrorText error={saveError} />} />}
          </>
        ) : (
          <LinkRefused problem={result.problem} />
        )}
      </Flex>
    </Modal>
  )
}
