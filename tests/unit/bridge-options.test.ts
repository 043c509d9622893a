import { describe, expect, it } from 'vitest';
import { defaultProfileDir, parseCommand } from '../../bridge/server/options';

const HOME = { HOME: '/home/ada' };

describe('the bridge command line', () => {
  it('defaults: a per-user profile, five minutes idle, headless without a display, the system Chromium', () => {
    expect(parseCommand([], HOME)).toEqual({
      kind: 'run',
      options: {
        engine: 'chromium',
        profileDir: '/home/ada/.local/share/bosun-bridge/profile',
        idleTimeoutMs: 300_000,
        headless: true,
        executablePath: '/usr/bin/chromium',
        allow: [],
        allowHttpOnly: [],
        questionTimeoutMs: 0,
        connect: false,
        browserNamed: false,
        tools: 'default',
      },
    });
    expect(defaultProfileDir({ ...HOME, XDG_DATA_HOME: '/data' })).toBe('/data/bosun-bridge/profile');
  });

  it('lists the default preset unless --tools or $BOSUN_BRIDGE_TOOLS asks for the full set; another preset is an error', () => {
    expect(parseCommand(['--tools', 'full'], HOME)).toMatchObject({ options: { tools: 'full' } });
    expect(parseCommand([], { ...HOME, BOSUN_BRIDGE_TOOLS: 'full' })).toMatchObject({ options: { tools: 'full' } });
    expect(parseCommand(['--tools', 'default'], { ...HOME, BOSUN_BRIDGE_TOOLS: 'full' })).toMatchObject({
      options: { tools: 'default' },
    });
    expect(parseCommand(['--tools', 'all'], HOME)).toEqual({
      kind: 'error',
      message: expect.stringMatching(/^--tools: must be default or full/),
    });
    expect(parseCommand([], { ...HOME, BOSUN_BRIDGE_TOOLS: 'everything' })).toMatchObject({ kind: 'error' });
  });

  it('drives Firefox when asked, with its own default profile and executable', () => {
    expect(parseCommand(['--browser', 'firefox'], HOME)).toMatchObject({
      options: {
        engine: 'firefox',
        profileDir: '/home/ada/.local/share/bosun-bridge/firefox-profile',
        executablePath: '/usr/bin/firefox-esr',
      },
    });
    expect(parseCommand(['--browser', 'firefox'], { ...HOME, FIREFOX_PATH: '/opt/ff/firefox' })).toMatchObject({
      options: { executablePath: '/opt/ff/firefox' },
    });
    expect(parseCommand(['--browser', 'firefox', '--firefox', '/x/firefox', '--chromium', '/y'], HOME)).toMatchObject({
      options: { executablePath: '/x/firefox' },
    });
  });

  it('shows the window when there is a display, unless told otherwise', () => {
    expect(parseCommand([], { ...HOME, DISPLAY: ':0' })).toMatchObject({ options: { headless: false } });
    expect(parseCommand([], { ...HOME, WAYLAND_DISPLAY: 'wayland-0' })).toMatchObject({ options: { headless: false } });
    expect(parseCommand(['--headless'], { ...HOME, DISPLAY: ':0' })).toMatchObject({ options: { headless: true } });
    expect(parseCommand(['--headed'], HOME)).toMatchObject({ options: { headless: false } });
  });

  it('reads every flag; relative profile paths are made absolute', () => {
    const parsed = parseCommand(
      ['--profile-dir', 'profiles/work', '--idle-timeout', '1.5', '--chromium', '/opt/chromium/chrome'],
      { ...HOME, CHROMIUM_PATH: '/ignored' },
    );
    expect(parsed).toEqual({
      kind: 'run',
      options: {
        engine: 'chromium',
        profileDir: `${process.cwd()}/profiles/work`,
        idleTimeoutMs: 1500,
        headless: true,
        executablePath: '/opt/chromium/chrome',
        allow: [],
        allowHttpOnly: [],
        questionTimeoutMs: 0,
        connect: false,
        browserNamed: false,
        tools: 'default',
      },
    });
    expect(parseCommand([], { ...HOME, CHROMIUM_PATH: '/snap/bin/chromium' })).toMatchObject({
      options: { executablePath: '/snap/bin/chromium' },
    });
    expect(parseCommand(['--help'], HOME)).toEqual({ kind: 'help' });
  });

  it('grants sites up front at a level (interact unless named), and sets how long a question waits', () => {
    expect(
      parseCommand(
        [
          '--allow',
          'example.com',
          '--allow',
          '127.0.0.1:submit',
          '--allow',
          'localhost:3000',
          '--allow',
          'localhost:3000:navigate',
        ],
        HOME,
      ),
    ).toMatchObject({
      options: {
        allow: [
          { site: 'example.com', level: 'interact' },
          { site: '127.0.0.1', level: 'submit' },
          { site: 'localhost:3000', level: 'interact' },
          { site: 'localhost:3000', level: 'navigate' },
        ],
      },
    });
    // Nobody can answer a headless bridge's question; a headed one waits under a client's 60 s.
    expect(parseCommand([], HOME)).toMatchObject({ options: { questionTimeoutMs: 0 } });
    expect(parseCommand(['--headed'], HOME)).toMatchObject({ options: { questionTimeoutMs: 50_000 } });
    expect(parseCommand(['--question-timeout', '20'], HOME)).toMatchObject({ options: { questionTimeoutMs: 20_000 } });
  });

  it('names the sites whose HttpOnly cookie values may be read, as Bosun names sites, and refuses what is no site', () => {
    expect(
      parseCommand(['--allow-httponly', 'mail.example.com', '--allow-httponly', 'http://127.0.0.1:8080/x'], HOME),
    ).toMatchObject({ options: { allowHttpOnly: ['example.com', '127.0.0.1'] } });
    expect(parseCommand(['--allow-httponly', 'about:blank'], HOME)).toEqual({
      kind: 'error',
      message: '--allow-httponly about:blank: name a web site, such as example.com',
    });
  });

  it.each([
    [['--allow', ':submit'], '--allow :submit: name a site'],
    [['--question-timeout', 'never'], '--question-timeout: must be a number of seconds'],
    [['--question-timeout', '601'], '--question-timeout: must be at most 600 seconds'],
    [['--idle-timeout', 'soon'], '--idle-timeout: must be a number of seconds, such as 300 or 0.5'],
    [['--idle-timeout', '0'], '--idle-timeout: must be at least 0.1 seconds'],
    [['--idle-timeout', '90000'], '--idle-timeout: must be at most 86400 seconds (a day)'],
    [['--profile-dir', '  '], '--profile-dir: must not be empty'],
    [['--headless', '--headed'], '--headless and --headed contradict each other: give one.'],
    [['--port', '9222'], "Unknown option '--port'"],
    [['--browser', 'safari'], '--browser: must be chromium or firefox'],
    [['profile'], "Unexpected argument 'profile'"],
    [['--idle-timeout'], "Option '--idle-timeout <value>' argument missing"],
  ])('refuses %j with a clear message', (argv, message) => {
    const parsed = parseCommand(argv, HOME);
    expect(parsed.kind).toBe('error');
    expect(parsed.kind === 'error' && parsed.message).toContain(message);
  });

  it('--connect attaches, waits for the person by default, and refuses --allow: grants come from the person', () => {
    expect(parseCommand(['--connect'], HOME)).toMatchObject({
      options: { connect: true, browserNamed: false, questionTimeoutMs: 50_000 },
    });
    expect(parseCommand(['--connect', '--browser', 'firefox'], HOME)).toMatchObject({
      options: { connect: true, browserNamed: true, engine: 'firefox' },
    });
    for (const flag of ['--allow', '--allow-httponly'])
      expect(parseCommand(['--connect', flag, 'example.com'], HOME)).toEqual({
        kind: 'error',
        message:
          '--allow and --allow-httponly are not available with --connect: in your own browser, grants come from you, in Bosun.',
      });
  });
});
