package post

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"
)

// MaxPost is the most characters Discord takes in one post.
const MaxPost = 2000

// DiscordJSON is the body of a webhook post of text: mentions are not
// pinged (a name such as "@everyone" stays text), and text longer than
// MaxPost is cut with an ellipsis.
func DiscordJSON(text string) ([]byte, error) {
	if utf8.RuneCountInString(text) > MaxPost {
		text = string([]rune(text)[:MaxPost-1]) + "…"
	}
	type mentions struct {
		Parse []string `json:"parse"`
	}
	return json.MarshalIndent(struct {
		Content         string   `json:"content"`
		AllowedMentions mentions `json:"allowed_mentions"`
	}{text, mentions{Parse: []string{}}}, "", "  ")
}

// Webhook posts to a Discord webhook.
type Webhook struct {
	URL string
	// Client sends the posts; a client with a one-minute timeout when nil.
	Client *http.Client
}

// Post sends one post's JSON body; the error says what Discord answered
// when it refused it.
func (h Webhook) Post(ctx context.Context, body []byte) error {
	c := h.Client
	if c == nil {
		c = &http.Client{Timeout: time.Minute}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // without the address, whose end is the webhook's secret
		}
		return fmt.Errorf("the webhook could not be reached: %w", err)
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(resp.Body, 500))
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("the webhook refused the post: %s %s", resp.Status, strings.TrimSpace(string(answer)))
	}
	return nil
}
