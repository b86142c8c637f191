import { Alert, Button, Empty, Flex, Input, Modal, Spin } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DiscoveryListing, RegistrySource } from '@shared/discovery/listing'
import type { InstallPlan } from '@shared/discovery/installPlan'
import type { RuntimeStatus } from '@shared/mcp/runtimeOf'
import { useApi } from '@renderer/context/ApiContext'
import { describeError, type AppError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'
import { ExtensionInstallDialog } from '@renderer/components/extensions/ExtensionInstallDialog'
import type { RegistryBundleRef } from '@renderer/components/extensions/registryBundleRef'
import { DiscoveryResults } from './DiscoveryResults'
import { DiscoveryReview } from './DiscoveryReview'
import { RegistryPicker } from './RegistryPicker'
import { useRegistrySearch } from './useRegistrySearch'

/** Add server → Browse the MCP Registry: search as you type, scroll for more, review and add. */
export function DiscoveryDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const api = useApi()
  const [sources, setSources] = useState<RegistrySource[]>()
  const [sourcesError, setSourcesError] = useState<AppError>()
  const [current, setCurrent] = useState<string>()
  const [saving, setSaving] = useState(false)
  const [term, setTerm] = useState('')
  const [review, setReview] = useState<InstallPlan>()
  // an entry that ships a desktop extension bundle goes through the extension installer's review
  const [bundle, setBundle] = useState<RegistryBundleRef>()
  const search = useRegistrySearch(current, term)
  // which runtimes are not here, so each entry can say so before it is added
  const [runtimes, setRuntimes] = useState<RuntimeStatus[]>([])
  useEffect(() => {
    let live = true
    api.app.runtimes().then(
      (all) => live && setRuntimes(all),
      () => undefined
    )
    return () => {
      live = false
    }
  }, [api])
  const missing = useMemo(() => new Set(runtimes.filter((r) => !r.found).map((r) => r.runtime)), [runtimes])

  const load = () => {
    setSourcesError(undefined)
    api.discovery.registries().then(
      (list) => {
        setSources(list)
        setCurrent((before) => before ?? list[0]?.url)
      },
      (e: unknown) => setSourcesError(describeError(e))
    )
  }
  useEffect(load, [api])
  const saved = (sources ?? []).filter((s) => !s.fromEnvironment && !s.packaged).map((s) => s.url)

  /** saves the user's addresses; `pick` is the one to show after */
  const saveRegistries = async (urls: string[], pick?: string) => {
    setSaving(true)
    setSourcesError(undefined)
    try {
      const list = await api.discovery.setRegistries({ urls })
      setSources(list)
      setCurrent(list.find((s) => s.url === pick?.replace(/\/+$/, ''))?.url ?? list[0]?.url)
    } catch (e) {
      setSourcesError(describeError(e))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal open title={t('discovery.title')} onCancel={onClose} width={880} destroyOnHidden footer={<Button onClick={onClose}>{t('discovery.close')}</Button>}>
      <Flex vertical gap={12} data-testid="discovery-dialog">
        {sources === undefined && !sourcesError ? <Spin /> : <RegistryPicker sources={sources ?? []} current={current} onPick={setCurrent} onAdd={(url) => void saveRegistries([...saved, url], url)} onRemove={(url) => void saveRegistries(saved.filter((s) => s !== url))} saving={saving} />}
        {sourcesError && <Alert type="error" title={<ErrorText error={sourcesError} testId="discovery-registries-error" />} action={<Button onClick={load}>{t('discovery.retry')}</Button>} />}
        {current && (
          <>
            <Input.Search autoFocus allowClear placeholder={t('discovery.searchPlaceholder')} aria-label={t('discovery.search')} value={term} onChange={(e) => setTerm(e.target.value)} data-testid="discovery-search" />
            {search.error && (
              <Alert type="error" title={<ErrorText error={search.error} testId="discovery-error" />} action={<Button onClick={search.retry} data-testid="discovery-retry">{t('discovery.retry')}</Button>} />
            )}
            {!search.error && !search.loading && search.items.length === 0 ? (
              <Empty description={term.trim() ? t('discovery.noMatch', { term: term.trim() }) : t('discovery.empty')} data-testid="discovery-empty" />
            ) : search.items.length === 0 && search.loading ? (
              <Flex justify="center" style={{ padding: 24 }}>
                <Spin data-testid="discovery-loading" />
              </Flex>
            ) : (
              <DiscoveryResults items={search.items} hasMore={search.hasMore} loading={search.loading} missing={missing} onMore={search.loadMore} onAdd={(item: DiscoveryListing & { ok: true }) => (item.plan.runs === 'mcpb' && current ? setBundle({ registryUrl: current, name: item.plan.name, version: item.plan.version }) : setReview(item.plan))} />
            )}
          </>
        )}
      </Flex>
      {review && current && <DiscoveryReview registryUrl={current} plan={review} onClose={() => setReview(undefined)} />}
      {bundle && <ExtensionInstallDialog bundle={bundle} onClose={() => setBundle(undefined)} />}
    </Modal>
  )
}
