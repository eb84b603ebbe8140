import { css } from 'lit';
import { colorScheme } from '../../shared/theme.styles.ts';

export const styles = css`
  ${colorScheme}
  :host {
    display: inline-block;
    inline-size: var(--tarot-card-width, 10rem);
    aspect-ratio: 200 / 340;
    border-radius: var(--tarot-card-radius, var(--va-radius-m, 12px));
    box-shadow: var(--tarot-card-shadow, var(--va-shadow, 0 8px 24px rgb(0 0 0 / 35%)));
    contain: layout paint style;
  }

  :host([hidden]) {
    display: none;
  }

  .art {
    display: block;
    inline-size: 100%;
    block-size: 100%;
    border-radius: inherit;
    overflow: hidden;
  }

  .art.reversed {
    transform: rotate(180deg);
  }

  svg,
  img {
    display: block;
    inline-size: 100%;
    block-size: 100%;
  }

  img {
    object-fit: cover;
  }

  @media (forced-colors: active) {
    :host {
      border: 1px solid CanvasText;
      box-shadow: none;
    }
  }
`;
