import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findTickerMentions, normalizeTicker } from '@/lib/ai/text/tickers';
import { runCommand } from '@/lib/operator/registry';
import { buildCompanyIndex } from '@/lib/reference/build-company-index';
import { companyNameKey, displayName } from '@/lib/reference/company-names';
import { loadCompanyIndex } from '@/lib/reference/load-company-index';
import { readLoadedCompanyIndex } from '@/lib/reference/loaded-company-index';
import index from '@/lib/reference/sec-company-index.json';
import { instrumentFor, replaceCompanyIndex, tickerForName, universeInfo } from '@/lib/reference/universe';

const tickers = (text: string) => findTickerMentions(text).map((m) => m.ticker);

// The bundled list, whatever an operator loaded on this machine.
beforeAll(() => replaceCompanyIndex(null));

describe('company universe', () => {
  it('is the SEC list, with its source and date recorded', () => {
    expect(universeInfo()).toMatchObject({ asOf: '2026-01', count: 10_338 });
    expect(universeInfo().source).toMatch(/SEC EDGAR/u);
    expect(index.entries).toHaveLength(10_338);
    for (const t of ['FCX', 'SCCO', 'PG', 'DIS', 'BRK.B', 'NVDA']) expect(instrumentFor(t)?.ticker).toBe(t);
    // The curated companies keep their exchange and type (the demo corpus writes about them).
    expect(instrumentFor('NVDA')).toMatchObject({ exchange: 'NASDAQ', type: 'EQUITY', source: 'curated' });
    expect(instrumentFor('GLD')).toMatchObject({ type: 'ETF' });
  });

  it('resolves company names, as written or as registered, and common aliases', () => {
    expect(tickerForName('Procter & Gamble')).toBe('PG');
    expect(tickerForName('PROCTER & GAMBLE Co')).toBe('PG');
    expect(tickerForName('Freeport-McMoRan')).toBe('FCX');
    expect(tickerForName('Walt Disney')).toBe('DIS');
    expect(tickerForName('Google')).toBe('GOOGL');
    expect(tickerForName('Facebook')).toBe('META');
    expect(tickerForName('Southern Copper')).toBe('SCCO');
    expect(companyNameKey('The Walt Disney Company')).toBe('walt disney');
    expect(displayName('FREEPORT-MCMORAN INC')).toBe('Freeport-Mcmoran');
    // Filing marks and legal forms are the registrant's, not the company's name as a reader knows it.
    expect(displayName('UNIVERSAL DISPLAY CORP \\PA\\')).toBe('Universal Display');
    expect(displayName('BANK OF AMERICA CORP /DE/')).toBe('Bank of America');
    expect(displayName('COSTCO WHOLESALE CORP /NEW')).toBe('Costco Wholesale');
    expect(displayName('Rivian Automotive, Inc. / DE')).toBe('Rivian Automotive');
    expect(displayName('Churchill Capital Corp IX/Cayman')).toBe('Churchill Capital Corp IX');
    expect(displayName('GENMAB A/S')).toBe('Genmab');
    expect(displayName('CULLEN/FROST BANKERS, INC.')).toBe('Cullen/Frost Bankers');
    expect(instrumentFor('OLED')?.name).toBe('Universal Display');
    expect(tickers('We bought Freeport-McMoRan and Walt Disney; Procter & Gamble is next.')).toEqual([
      'FCX',
      'DIS',
      'PG',
    ]);
  });

  it('counts a ticker that is also a word only with ticker context', () => {
    expect(tickers('We ARE long the CAT and it is FAST, LOW and REAL, SO WELL MAIN A.')).toEqual([]);
    expect(
      tickers('Caterpillar (CAT) rose; $ARE fell; NYSE: LOW was flat; Fastenal (FAST) and Main Street Capital (MAIN).'),
    ).toEqual(['CAT', 'ARE', 'LOW', 'FAST', 'MAIN']);
    // Abbreviations are not tickers in parentheses after ordinary words, nor bare.
    expect(tickers('Artificial intelligence (AI) lifted EPS, said the CEO of a company (CEO).')).toEqual([]);
    // Bare tickers that are not words count in a post about markets or one that writes tickers; a title in capitals
    // does not, and elsewhere an upper-case word is an acronym.
    expect(tickers('We added SCCO and FCX.')).toEqual([]);
    expect(tickers('We added SCCO and FCX; the valuations and earnings of our holdings look fine.')).toEqual([
      'SCCO',
      'FCX',
    ]);
    expect(tickers('We added $SCCO and FCX.')).toEqual(['SCCO', 'FCX']);
    expect(tickers('WHY WE BOUGHT COPPER MINERS NOW')).toEqual([]);
    // "Target prices" is not the retailer; "Target (TGT)" is.
    expect(tickers('Target prices rose. Target (TGT) did not.')).toEqual(['TGT']);
  });

  it('reads no company from acronyms, datelines, people, code, sponsor reads or social links (issue 33)', () => {
    expect(tickers('Fast SSD drives, OLED screens, CSV files and the PSN; see you at GDC.')).toEqual([]);
    expect(tickers('WASHINGTON (AP) — Americans who visit Cuba must now avoid hotels.')).toEqual([]);
    expect(tickers('Game Developers Conference (GDC) opens today; Ralph Northam (D) won.')).toEqual([]);
    expect(tickers('RelayFM co-founder Stephen Hackett joins us, with Trevor Noah.')).toEqual([]);
    expect(tickers('Run sudo chown $USER .ssh first, then $ cd $HOME.')).toEqual([]);
    expect(tickers('Follow us on Instagram and listen on Apple Podcasts or Spotify.')).toEqual([]);
    expect(
      tickers('Sponsored by:\n- Jamf Now: set up your Apple devices.\n- Squarespace: use offer code MPU.'),
    ).toEqual([]);
    // The same companies named as companies still count.
    expect(tickers('The Hackett Group (HCKT) cut its outlook; Apple sold fewer iPhones.')).toEqual(['HCKT', 'AAPL']);
    expect(tickers('Celsius Holdings (CELH) grew, and Celsius is still cheap.')).toEqual(['CELH', 'CELH']);
    expect(tickers("We ate at McDonald's, then Apple's store.")).toEqual(['MCD', 'AAPL']);
  });

  it('recognizes exchange-suffixed listings and exchange prefixes, with the exchange', () => {
    const found = findTickerMentions(
      'Sony (6758.T), 0700.HK, ASML.AS, SHEL.L, RY.TO, (TSX: ENB), NYSE: PG and (HKEX: 700).',
    );
    expect(found.map((m) => [m.ticker, m.exchange])).toEqual([
      ['6758.T', 'TSE'],
      ['0700.HK', 'HKEX'],
      ['ASML.AS', 'Euronext Amsterdam'],
      ['SHEL.L', 'LSE'],
      ['RY.TO', 'TSX'],
      ['ENB.TO', 'TSX'],
      ['PG', 'NYSE'],
      ['0700.HK', 'HKEX'],
    ]);
    expect(normalizeTicker('700.hk')).toBe('0700.HK');
    expect(normalizeTicker('brk-b')).toBe('BRK.B');
    // A later bare mention of a company named with its foreign listing is that listing.
    expect(tickers('BHP Group (BHP.AX) lagged. We trimmed BHP.')).toEqual(['BHP.AX', 'BHP.AX']);
  });

  it('loads a newer SEC file with the operator command, keeps it under DATA_DIR, and reads it at start', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'universe-'));
    const file = path.join(dir, 'company_tickers.json');
    const rows: Record<string, { cik_str: number; ticker: string; title: string }> = {
      '0': { cik_str: 1, ticker: 'NEWCO', title: 'Brand New Widgets Inc' },
      '1': { cik_str: 2, ticker: 'FCX', title: 'FREEPORT-MCMORAN INC' },
    };
    for (let i = 0; i < 1200; i += 1)
      rows[String(i + 2)] = { cik_str: i + 3, ticker: `Q${i}`, title: `Filler ${i} Corp` };
    writeFileSync(file, JSON.stringify(rows));
    try {
      const result = loadCompanyIndex(file, { dataDir: dir, asOf: '2026-12' });
      expect(result.current).toMatchObject({ asOf: '2026-12', count: 1202 });
      expect(tickerForName('Brand New Widgets')).toBe('NEWCO');
      expect(readLoadedCompanyIndex(dir)?.count).toBe(1202);
      // A ticker the bundled list knew keeps its word flag; a new one needs context until the next build.
      expect(instrumentFor('FCX')?.word).toBe(false);
      expect(instrumentFor('NEWCO')?.word).toBe(true);
      await expect(runCommand(null as never, 'reference companies load', { _: [] })).rejects.toThrow(/<file>/u);
    } finally {
      replaceCompanyIndex(null);
      rmSync(dir, { recursive: true, force: true });
    }
    expect(universeInfo().count).toBe(10_338);
  });

  it('loads a newer SEC file of the same format in place of the bundled one', () => {
    const file = {
      '0': { cik_str: 1, ticker: 'NEWCO', title: 'Brand New Widgets Inc' },
      ...Object.fromEntries(
        Array.from({ length: 1200 }, (_, i) => [
          String(i + 1),
          { cik_str: i + 2, ticker: `Q${i}`, title: `Filler ${i} Corp` },
        ]),
      ),
    };
    const built = buildCompanyIndex(
      file,
      { source: 'test', asOf: '2026-12', bytes: JSON.stringify(file) },
      () => false,
    );
    try {
      replaceCompanyIndex(built);
      expect(universeInfo()).toMatchObject({ asOf: '2026-12', count: 1201 });
      expect(tickerForName('Brand New Widgets')).toBe('NEWCO');
      expect(instrumentFor('SCCO')).toBeNull();
      // The curated companies stay.
      expect(instrumentFor('NVDA')?.exchange).toBe('NASDAQ');
    } finally {
      replaceCompanyIndex(null);
    }
    expect(instrumentFor('SCCO')?.ticker).toBe('SCCO');
  });
});
