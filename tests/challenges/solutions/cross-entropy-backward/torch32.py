import torch


def cross_entropy_backward(logits, targets):
    scores = torch.tensor(logits, dtype=torch.float32)
    batch, classes = scores.shape
    probs = torch.softmax(scores, dim=1)
    truth = torch.nn.functional.one_hot(torch.tensor(targets, dtype=torch.long), classes)
    return (probs - truth.to(torch.float32)) / batch
