import { useMemo, useState } from 'react'
import { Alert, Button, Flex, Select, Tooltip, Typography } from 'antd'
import { RobotOutlined, StopOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { ModelRef } from '@shared/chat/providers'
import { modelForHints } from '@shared/chat/samplingDraft'
import { useListProvidersQuery } from '@renderer/store/providersApi'
import type { SamplingDraftState } from './useSamplingDraft'

export interface SamplingDraftBarProps {
  hints: readonly { name?: string }[] | undefined
  draft: SamplingDraftState
  /** the model whose draft is in the reply box now */
  draftedBy?: string
  disabled: boolean
}

const keyOf = (ref: ModelRef) => `${ref.providerId}\u0000${ref.model}`

/**
 * "Draft with <model>": the model the request's hints name among the configured ones, else the
 * default; a choice of the others when there are several; Stop while it writes. Without a
 * provider the button says where to add one.
 */
export function SamplingDraftBar({ hints, draft, draftedBy, disabled }: SamplingDraftBarProps) {
  const { t } = useTranslation()
  const { data: snapshot, isLoading } = useListProvidersQuery()
  const usable = useMemo(() => (snapshot?.providers ?? []).filter((p) => !p.problem), [snapshot])
  const options = useMemo(
    () => usable.flatMap((p) => p.models.map((model) => ({ value: keyOf({ providerId: p.id, model }), label: usable.length > 1 ? `${model} · ${p.name}` : model, ref: { providerId: p.id, model } }))),
    [usable]
  )
  const suggested = useMemo(() => {
    const hinted = modelForHints(hints, usable)
    if (hinted) return hinted
    if (snapshot?.defaultModel) return snapshot.defaultModel
    return options[0]?.ref
  }, [hints, usable, snapshot, options])
  const [picked, setPicked] = useState<ModelRef>()
  const chosen = picked ?? suggested
  const noProvider = !isLoading && !snapshot?.providers.length

  if (draft.drafting) {
    return (
      <Flex align="center" gap="small" data-testid="sampling-drafting">
        <Typography.Text type="secondary">{t('dialogs.sampling.drafting', { model: chosen?.model ?? '' })}</Typography.Text>
        <Button icon={<StopOutlined />} data-testid="sampling-stop-draft" onClick={draft.stop}>
          {t('dialogs.sampling.stopDraft')}
        </Button>
      </Flex>
    )
  }

  const button = (
    <Button
      icon={<RobotOutlined />}
      data-testid="sampling-draft"
      disabled={disabled || noProvider || isLoading}
      // the model the button names; none known yet (no models listed), main picks the default
      onClick={() => draft.start(chosen)}
    >
      {chosen ? t('dialogs.sampling.draftWith', { model: chosen.model }) : t('dialogs.sampling.draft')}
    </Button>
  )
  return (
    <Flex vertical gap="small">
      <Flex align="center" gap="small" wrap>
        {noProvider ? (
          <Tooltip title={<span data-testid="sampling-no-provider">{t('dialogs.sampling.noProvider')}</span>}>
            {/* a disabled button shows no tooltip on its own */}
            <span tabIndex={0} data-testid="sampling-draft-wrapper">
              {button}
            </span>
          </Tooltip>
        ) : (
          button
        )}
        {options.length > 1 && (
          <Select
            data-testid="sampling-draft-model"
            aria-label={t('dialogs.sampling.draftModel')}
            size="middle"
            style={{ minWidth: 220 }}
            disabled={disabled}
            value={chosen ? keyOf(chosen) : undefined}
            options={options.map(({ value, label }) => ({ value, label }))}
            onChange={(value: string) => setPicked(options.find((o) => o.value === value)?.ref)}
          />
        )}
        {draftedBy && (
          <Typography.Text type="secondary" data-testid="sampling-drafted-by">
            {t('dialogs.sampling.draftedBy', { model: draftedBy })}
          </Typography.Text>
        )}
      </Flex>
      {draft.error && (
        <Alert
          type="error"
          showIcon
          data-testid="sampling-draft-error"
          title={t('dialogs.sampling.draftFailed', { message: draft.error })}
          action={
            <Button size="small" onClick={() => draft.start(chosen)}>
              {t('dialogs.sampling.draftAgain')}
            </Button>
          }
        />
      )}
    </Flex>
  )
}
