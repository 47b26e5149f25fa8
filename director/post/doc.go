// Package post delivers dtm send's messages: it writes each as a MIME
// e-mail or a Discord webhook post, and sends it through an SMTP server or
// to the webhook.
package post
