import { CaretRightOutlined, ClearOutlined, PauseOutlined } from '@ant-design/icons'
import { Button, Checkbox, Flex, Input, Segmented, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { DirectionFilter } from './messageFilter'

export interface MessagesToolbarProps {
  method: string
  onMethod: (method: string) => void
  direction: DirectionFilter
  onDirection: (direction: DirectionFilter) => void
  showPings: boolean
  onShowPings: (show: boolean) => void
  /** pings folded away by the current filters */
  pingsHidden: number
  paused: boolean
  /** messages that arrived while paused */
  arrived: number
  onPause: (paused: boolean) => void
  shown: number
  total: number
  onClear: () => void
}

/** Filter by method and direction, show or fold pings, pause the view (counting what arrives), clear. */
export function MessagesToolbar(props: MessagesToolbarProps) {
  const { t } = useTranslation()
  const { method, onMethod, direction, onDirection, showPings, onShowPings, pingsHidden, paused, arrived, onPause, shown, total, onClear } = props
  return (
    <Flex gap="middle" align="center" wrap>
      <Input.Search
        allowClear
        value={method}
        onChange={(e) => onMethod(e.target.value)}
        placeholder={t('messages.filterMethod')}
        aria-label={t('messages.filterMethod')}
        style={{ maxWidth: 260 }}
        data-testid="messages-method-filter"
      />
      <Segmented<DirectionFilter>
        value={direction}
        onChange={onDirection}
        aria-label={t('messages.direction')}
        data-testid="messages-direction"
        options={[
          { value: 'all', label: t('messages.all') },
          { value: 'out', label: t('messages.out') },
          { value: 'in', label: t('messages.in') }
        ]}
      />
      <Checkbox checked={showPings} onChange={(e) => onShowPings(e.target.checked)} data-testid="messages-show-pings" data-hidden={pingsHidden}>
        {showPings ? t('messages.showPings') : t('messages.pingsHidden', { count: pingsHidden })}
      </Checkbox>
      <Button
        icon={paused ? <CaretRightOutlined /> : <PauseOutlined />}
        onClick={() => onPause(!paused)}
        aria-pressed={paused}
        data-testid="messages-pause"
      >
        {paused ? t('messages.resume') : t('messages.pause')}
      </Button>
      {paused ? (
        <Typography.Text type="warning" data-testid="messages-arrived" data-count={arrived}>
          {t('messages.arrived', { count: arrived })}
        </Typography.Text>
      ) : null}
      <div style={{ flex: 1 }} />
      <Typography.Text type="secondary" data-testid="messages-count" data-shown={shown} data-total={total}>
        {t('messages.count', { shown, total })}
      </Typography.Text>
      <Button icon={<ClearOutlined />} onClick={onClear} disabled={total === 0} data-testid="messages-clear">
        {t('messages.clear')}
      </Button>
    </Flex>
  )
}
