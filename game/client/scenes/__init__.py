"""The screens of the client, one module each."""
