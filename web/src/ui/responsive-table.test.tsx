import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ResponsiveTable } from './responsive-table.tsx';

interface Joinee {
  userId: string;
  name: string;
  joined: string;
}

const rows: Joinee[] = [
  { userId: 'SH0000001', name: 'Shrimati Sunita Devi Kumari Sharma of Jaipur', joined: '3 Jan 2026' },
  { userId: 'SH0000002', name: 'Mohan Lal', joined: '4 Jan 2026' },
];

function render(showSponsor: boolean): string {
  return renderToString(
    <ResponsiveTable<Joinee>
      label="Direct joinees"
      caption="Active members"
      testId="joinees"
      rows={rows}
      rowKey={(row) => row.userId}
      columns={[
        { header: 'User ID', className: 'mono', cell: (row) => row.userId },
        { header: 'Name', className: 'cell-wrap', cell: (row) => row.name },
        { header: 'Joined', cell: (row) => row.joined },
        showSponsor && { header: 'Sponsor', cell: () => 'Foundation' },
      ]}
    />,
  );
}

describe('ResponsiveTable', () => {
  it('labels every cell with its column heading, so a row reads as a card on a phone', () => {
    const html = render(false);
    const cells = [...html.matchAll(/<td role="cell" data-label="([^"]*)"[^>]*>([^<]*)<\/td>/g)].map((match) => [match[1], match[2]]);
    expect(cells).toEqual([
      ['User ID', 'SH0000001'],
      ['Name', 'Shrimati Sunita Devi Kumari Sharma of Jaipur'],
      ['Joined', '3 Jan 2026'],
      ['User ID', 'SH0000002'],
      ['Name', 'Mohan Lal'],
      ['Joined', '4 Jan 2026'],
    ]);
    // No cell without its label.
    expect(html.match(/<td/g)).toHaveLength(6);
  });

  it('stays a named table with a caption and column headings, in a focusable scroll box', () => {
    const html = render(false);
    expect(html).toMatch(/^<div class="table-scroll" role="region" aria-label="Direct joinees" tabindex="0"><table class="table table-cards" role="table" data-testid="joinees"><caption>Active members<\/caption>/);
    expect([...html.matchAll(/<th scope="col" role="columnheader">([^<]*)<\/th>/g)].map((match) => match[1])).toEqual(['User ID', 'Name', 'Joined']);
    expect(html.match(/<tr role="row">/g)).toHaveLength(3);
  });

  it('leaves out a column that is turned off, heading and cells alike', () => {
    expect(render(true).match(/data-label="Sponsor"/g)).toHaveLength(2);
    expect(render(false)).not.toContain('Sponsor');
  });
});
