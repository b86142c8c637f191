import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ChatTurnError } from '@shared/chat/conversations'
import { TurnErrorAlert } from '@renderer/components/chat/TurnErrorAlert'
import { setLanguage } from '@renderer/store/settings'
import { createRealApi, trackDispose } from '../support/mainSide'
import { renderApp } from '../support/renderApp'

afterEach(() => {
  history.replaceState(null, '', '/')
})

function show(error: ChatTurnError, onRetry = vi.fn()) {
  const { api, dispose } = createRealApi()
  trackDispose(dispose)
  const view = renderApp(<TurnErrorAlert error={error} onRetry={onRetry} />, { api })
  return { ...view, onRetry }
}

// main's words as a provider failure of each code arrives with them
const anthropicKey: ChatTurnError = {
  kind: 'provider',
  status: 401,
  code: 'PROVIDER_KEY_REFUSED',
  message: 'the model provider at https://api.anthropic.com/v1 refused the API key (401); check the provider\'s API key: invalid x-api-key (authentication_error)'
}

describe('a failed turn says what to do by its code, in English and Chinese, with Retry', () => {
  it('a refused key: check it on the Models page; Retry and Open Models', async () => {
    const { onRetry } = show(anthropicKey)
    const alert = await screen.findByTestId('chat-turn-error')
    expect(alert.getAttribute('data-advice')).toBe('key')
    expect(alert.textContent).toContain('The provider refused the API key. Check the key on the Models page.')
    // the provider's own words stay beneath
    expect(within(alert).getByTestId('chat-turn-error-detail').textContent).toContain('401 · the model provider at https://api.anthropic.com/v1 refused the API key')
    fireEvent.click(within(alert).getByTestId('chat-retry'))
    expect(onRetry).toHaveBeenCalledTimes(1)
    fireEvent.click(within(alert).getByTestId('chat-open-models'))
    expect(window.location.hash).toBe('#page=models')
  })

  it('the code decides even when the words would say otherwise: Gemini refuses a key with a 400', async () => {
    show({ kind: 'provider', status: 400, code: 'PROVIDER_KEY_REFUSED', message: 'the model provider at … answered 400: API key not valid. Please pass a valid API key. (INVALID_ARGUMENT, API_KEY_INVALID)' })
    expect((await screen.findByTestId('chat-turn-error')).getAttribute('data-advice')).toBe('key')
  })

  it('a rate limit, in Chinese: wait and retry; no link to the Models page', async () => {
    const { store } = show({ kind: 'provider', status: 429, code: 'PROVIDER_RATE_LIMITED', message: 'the model provider at … is rate-limiting requests (429)' })
    act(() => {
      store.dispatch(setLanguage('zh-CN'))
    })
    const alert = await screen.findByTestId('chat-turn-error')
    expect(alert.getAttribute('data-advice')).toBe('rateLimited')
    await waitFor(() => expect(alert.textContent).toContain('服务商正在限制请求频率'))
    expect(alert.textContent).toContain('回答失败')
    expect(within(alert).getByTestId('chat-retry').textContent).not.toBe('')
    expect(within(alert).queryByTestId('chat-open-models')).toBeNull()
  })

  it('each code has its own advice, in both languages', async () => {
    const cases = [
      ['PROVIDER_MODEL_NOT_FOUND', 'The provider has no such model', '服务商没有这个模型'],
      ['PROVIDER_UNREACHABLE', 'The provider did not answer. Is it running?', '服务商没有响应'],
      ['PROVIDER_CONTEXT_TOO_LONG', 'The conversation is too long for this model.', '对话太长'],
      ['PROVIDER_FAILED', 'Press Retry to try again.', '点击“重试”再试一次。']
    ] as const
    for (const [code, english, chinese] of cases) {
      const { store, unmount } = show({ kind: 'provider', code, message: 'main’s words' })
      expect((await screen.findByTestId('chat-turn-error')).textContent).toContain(english)
      act(() => {
        store.dispatch(setLanguage('zh-CN'))
      })
      await waitFor(() => expect(screen.getByTestId('chat-turn-error').textContent).toContain(chinese))
      unmount()
    }
  })
})
