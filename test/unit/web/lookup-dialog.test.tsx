import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LookupDialog } from '../../../web/src/features/manage-booking/components/lookup-dialog';
import { renderWithApp } from './support/render';

function setup() {
  const onSubmit = vi.fn();
  const user = userEvent.setup({ delay: null });
  renderWithApp(
    <LookupDialog
      open
      title="Manage Your Booking"
      busy={false}
      problem={null}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return { user, onSubmit, reference: () => screen.getByRole('textbox', { name: /^Booking ID/ }) };
}

describe('lookup dialog: the Booking ID field', () => {
  it.each([' tv9du6', 'tv9du6 ', '  TV9DU6\n', 'TV9 DU6'])(
    'trims a pasted ID before limiting it to 6 characters (%j)',
    async (pasted) => {
      const { user, reference } = setup();
      await user.click(reference());
      await user.paste(pasted);
      expect(reference()).toHaveValue('TV9DU6');
    },
  );

  it('still keeps typed text to 6 characters, in upper case', async () => {
    const { user, reference } = setup();
    await user.type(reference(), 'tv9du6xyz');
    expect(reference()).toHaveValue('TV9DU6');
  });

  it('submits the pasted ID as the guest meant it', async () => {
    const { user, reference, onSubmit } = setup();
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'hanako@example.com');
    await user.click(reference());
    await user.paste(' tv9du6');
    await user.click(screen.getByRole('button', { name: 'Check My Booking' }));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'hanako@example.com', reference: 'TV9DU6' });
  });
});
