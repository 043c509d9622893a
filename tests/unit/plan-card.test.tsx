// @vitest-environment jsdom
// The plan card: what Go approves when the person edits the plan first.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatPlan } from '../../policy';
import { PlanCard } from '../../sidebar/components/PlanCard';

afterEach(cleanup);

const plan: ChatPlan = {
  summary: 'Fill in the contact form and save it',
  steps: [
    { does: 'Type your name and e-mail', site: 'forms.example', level: 'interact', types: ['Ada', 'ada@example.org'] },
    { does: 'Press Save', site: 'forms.example', level: 'submit' },
  ],
};
const show = () => {
  const onAnswer = vi.fn();
  render(<PlanCard request={{ id: 'plan_1', plan, expiresAt: 0 }} onAnswer={onAnswer} />);
  return onAnswer;
};

describe('PlanCard', () => {
  it('Go approves the plan as shown', () => {
    const onAnswer = show();
    expect(screen.getAllByTestId('plan-typed').map((el) => el.textContent)).toEqual(['Ada', 'ada@example.org']);
    fireEvent.click(screen.getByTestId('plan-go'));
    expect(onAnswer).toHaveBeenCalledWith('plan_1', { kind: 'go', plan });
  });

  it('Edit: a step left out and a value changed or emptied are what Go approves', () => {
    const onAnswer = show();
    fireEvent.click(screen.getByTestId('plan-edit'));
    const [name, email] = screen.getAllByTestId('plan-typed-input') as HTMLInputElement[];
    fireEvent.input(name!, { target: { value: '' } });
    fireEvent.input(email!, { target: { value: 'ada@work.example' } });
    fireEvent.click(screen.getAllByTestId('plan-keep-step')[1]!);
    fireEvent.click(screen.getByTestId('plan-go'));
    expect(onAnswer).toHaveBeenCalledWith('plan_1', {
      kind: 'go',
      plan: { ...plan, steps: [{ ...plan.steps[0], types: ['ada@work.example'] }] },
    });
  });

  it('with every step left out there is nothing to approve; asking at each step is always offered', () => {
    const onAnswer = show();
    fireEvent.click(screen.getByTestId('plan-edit'));
    for (const box of screen.getAllByTestId('plan-keep-step')) fireEvent.click(box);
    expect((screen.getByTestId('plan-go') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('plan-each-step'));
    expect(onAnswer).toHaveBeenCalledWith('plan_1', { kind: 'each-step' });
  });
});
