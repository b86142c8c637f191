import { afterEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { callTool, chineseSettings, closeMainSides, renderDialogs, resultText } from './serverRequestSupport'

afterEach(closeMainSides)

describe('sampling dialog against server-everything', { timeout: 90_000 }, () => {
  it('shows the request in full and Approve sends the typed reply back as the model answer', async () => {
    const { api, server } = await renderDialogs()
    const call = callTool(api, server, 'trigger-sampling-request', { prompt: 'Name a colour.', maxTokens: 77 })
    const dialog = await screen.findByTestId('sampling-dialog')

    expect(within(dialog).getByText('Everything asks for a model reply')).toBeTruthy()
    expect(within(dialog).getByTestId('server-request-server').textContent).toBe('From Everything')
    expect(within(dialog).getByTestId('sampling-system-prompt').textContent).toBe('You are a helpful test server.')
    const messages = within(dialog).getAllByTestId('sampling-message')
    expect(messages).toHaveLength(1)
    expect(messages[0].dataset.role).toBe('user')
    expect(messages[0].textContent).toContain('User')
    expect(messages[0].textContent).toContain('Resource trigger-sampling-request context: Name a colour.')
    expect(within(dialog).getByTestId('sampling-max-tokens').textContent).toBe('77')
    const details = within(dialog).getByTestId('sampling-details')
    expect(details.textContent).toContain('Temperature')
    expect(details.textContent).toContain('0.7')

    // focus in the reply box; an empty reply is not sent
    const reply = within(dialog).getByTestId('sampling-reply') as HTMLTextAreaElement
    await waitFor(() => expect(document.activeElement).toBe(reply))
    fireEvent.click(within(dialog).getByTestId('sampling-approve'))
    expect(await within(dialog).findByText('Type a reply, or reject the request.')).toBeTruthy()

    fireEvent.change(reply, { target: { value: 'Ultramarine, obviously.' } })
    await act(async () => fireEvent.click(within(dialog).getByTestId('sampling-approve')))
    const text = resultText(await call)
    expect(text).toContain('LLM sampling result')
    const result = JSON.parse(text.slice(text.indexOf('{'))) as Record<string, unknown>
    expect(result).toMatchObject({ role: 'assistant', model: 'user', content: { type: 'text', text: 'Ultramarine, obviously.' } })
    await waitFor(() => expect(screen.queryByTestId('sampling-dialog')).toBeNull())
  })

  it('Reject refuses the request: the server gets an error, not a reply', async () => {
    const { api, server } = await renderDialogs()
    const call = callTool(api, server, 'trigger-sampling-request', { prompt: 'secret plans' })
    const dialog = await screen.findByTestId('sampling-dialog')
    expect(within(dialog).getByTestId('sampling-max-tokens').textContent).toBe('100')
    fireEvent.change(within(dialog).getByTestId('sampling-reply'), { target: { value: 'not sent' } })
    fireEvent.click(within(dialog).getByTestId('sampling-reject'))
    const result = await call
    expect(result.isError).toBe(true)
    expect(resultText(result)).toContain('rejected')
    expect(resultText(result)).not.toContain('not sent')
    await waitFor(() => expect(screen.queryByTestId('sampling-dialog')).toBeNull())
  })

  it('is in Chinese when the app is', async () => {
    const { api, server } = await renderDialogs({ saved: chineseSettings })
    const call = callTool(api, server, 'trigger-sampling-request', { prompt: 'x' })
    const dialog = await screen.findByTestId('sampling-dialog')
    expect(within(dialog).getByText('Everything 请求模型回复')).toBeTruthy()
    expect(within(dialog).getByText('系统提示词')).toBeTruthy()
    expect(within(dialog).getByText('最大令牌数')).toBeTruthy()
    expect(within(dialog).getAllByTestId('sampling-message')[0].textContent).toContain('用户')
    expect(within(dialog).getByTestId('sampling-approve').textContent).toBe('批准并发送')
    expect(within(dialog).getByTestId('sampling-reject').textContent).toBe('拒绝')
    fireEvent.click(within(dialog).getByTestId('sampling-reject'))
    await call
  })
})
