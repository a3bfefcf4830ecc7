import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InvitationLink } from './InvitationLink';
import { unsentInvitation } from './member';

const link = 'http://adloom.test/register/linking/?token=abc';
const invitation = { expiresAt: '2030-01-08T10:00:00.000Z' };

describe('an invitation whose mail did not go out', () => {
  it('is told apart from one that was mailed, or that failed', () => {
    expect(
      unsentInvitation('ann@example.com', { invitation, mailSent: false, invitationLink: link }),
    ).toEqual({ email: 'ann@example.com', link, expiresAt: invitation.expiresAt });
    // Mailed: "Invitation sent" as before.
    expect(
      unsentInvitation('ann@example.com', { invitation, mailSent: true, invitationLink: null }),
    ).toBeNull();
    // Refused (an error, no invitation): no link to show.
    expect(
      unsentInvitation('ann@example.com', { invitation: null, mailSent: null, invitationLink: null }),
    ).toBeNull();
    expect(unsentInvitation('ann@example.com', undefined)).toBeNull();
  });

  it('shows that no mail was sent, the link to copy and until when it works', () => {
    const html = renderToStaticMarkup(
      <MantineProvider>
        <InvitationLink email="ann@example.com" link={link} expiresAt={invitation.expiresAt} />
      </MantineProvider>,
    );
    expect(html).toContain('No mail was sent');
    expect(html).toContain('ann@example.com has not been');
    const input = /<input[^>]*>/.exec(html)?.[0];
    expect(input).toContain(`value="${link}"`);
    expect(input).toContain('readOnly');
    expect(html).toContain('Copy link');
    expect(html).toContain('2030');
  });
});
